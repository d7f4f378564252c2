import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { seatTypeSchema, createReservationSchema, updateReservationSchema } from '../../booking/reservation-schemas';
import type { AppConfig } from '../config';
import type { RateCounters } from '../db/rate-counters';
import type { Actor, AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { errorBody } from '../http/errors';
import { requireAdmin, requireUser } from '../http/guards';
import { validate } from '../http/validate';
import { createBookingRateLimit } from './booking-rate-limit';
import type { BookingSource } from './booking-checks';
import { streamAdminDay } from './admin-stream';
import { exportReservations } from './export-reservations';
import { cancelReservation } from './cancel-reservation';
import { cancelReservations } from './cancel-reservations';
import { listBookingsByNetwork } from './list-bookings-by-network';
import { createReservation } from './create-reservation';
import { findAvailableTables } from './find-available-tables';
import { findAvailableTimes } from './find-available-times';
import { getReservation } from './get-reservation';
import { listAllReservations } from './list-all-reservations';
import { listOwnReservations } from './list-own-reservations';
import { listReservationsOn } from './list-reservations-on';
import { listTables } from './list-tables';
import type { ReservationDeps } from './reservation-deps';
import { updateReservation } from './update-reservation';
import * as fieldMessages from '../../shared/messages/booking-fields';

const dateQuery = z.string().max(20);
const idParam = z.object({ id: z.string().min(1).max(100) });
const partySizeQuery = z.coerce.number({ error: fieldMessages.invalidGuests }).int().min(1).max(40);
const excludeId = z.string().max(100).optional();

// HTTP over the reservation service: parse, decide who is asking, call. The rules live in the service.
export function reservationRoutes(
  deps: ReservationDeps & {
    config: AppConfig;
    shutdown: AbortSignal;
    counters: RateCounters;
    /** Who the request's cookie belongs to now, for the stream to ask again while it runs. */
    currentActor: (headers: Headers) => Promise<Actor | null>;
  },
) {
  const bookingRate = createBookingRateLimit(deps.counters, deps.config.fairUse, () =>
    deps.settings.current().trustedNetworks.map((trusted) => trusted.network),
  );
  /** Where a booking or a move comes from: the client's address (a trusted proxy's X-Forwarded-For). */
  const sourceOf = (c: Context<AppEnv>): BookingSource => ({ address: clientIp(c, deps.config.trustProxy) });

  return new Hono<AppEnv>()
    .get(
      '/availability',
      validate(
        'query',
        z.object({ date: dateQuery, partySize: partySizeQuery, seatType: seatTypeSchema.default('table'), excludeId }),
      ),
      async (c) => {
        const actor = requireUser(c);
        const query = c.req.valid('query');
        const found = await findAvailableTimes({
          deps,
          actor,
          query: { ...query, excludeReservationId: query.excludeId },
        });
        return c.json({ date: query.date, ...found });
      },
    )
    .get('/tables', (c) => {
      requireAdmin(c);
      return c.json({ tables: listTables({ deps }) });
    })
    .get(
      '/tables/available',
      validate(
        'query',
        z.object({
          date: dateQuery,
          startTime: z.coerce.number().int().min(0).max(2359),
          seatType: seatTypeSchema.default('table'),
          excludeId,
        }),
      ),
      async (c) => {
        requireAdmin(c);
        const query = c.req.valid('query');
        return c.json({
          tables: await findAvailableTables({ deps, query: { ...query, excludeReservationId: query.excludeId } }),
        });
      },
    )
    .post('/reservations', validate('json', createReservationSchema), async (c) => {
      const actor = requireUser(c);
      const source = sourceOf(c);
      await bookingRate.admit(actor, source.address);
      const reservation = await createReservation({ deps, actor, input: c.req.valid('json'), source });
      // Counted once made; a count lost to a database fault just now leaves one booking uncounted, not unanswered.
      await bookingRate.made(actor, source.address).catch(() => undefined);
      return c.json({ reservation }, 201);
    })
    .get('/reservations/mine', async (c) => {
      const actor = requireUser(c);
      return c.json({ reservations: await listOwnReservations({ deps, actor }) });
    })
    .get('/reservations/all', async (c) => {
      requireAdmin(c);
      return c.json({ reservations: await listAllReservations({ deps }) });
    })
    .get('/reservations', validate('query', z.object({ date: dateQuery })), async (c) => {
      requireAdmin(c);
      return c.json({ reservations: await listReservationsOn({ deps, date: c.req.valid('query').date }) });
    })
    .get('/reservations/stream', validate('query', z.object({ date: dateQuery })), (c) => {
      requireAdmin(c);
      const { date } = c.req.valid('query');
      // A reconnect reaching a server that is stopping: tell the browser to come back to the next one.
      if (deps.shutdown.aborted) return c.json(errorBody('The server is restarting.', 'unavailable'), 503);
      return streamAdminDay(c, { ...deps, listDay: (day) => listReservationsOn({ deps, date: day }) }, date);
    })
    .get(
      '/reservations/export',
      validate('query', z.object({ from: dateQuery.optional(), to: dateQuery.optional() })),
      async (c) => {
        requireAdmin(c);
        const { fileName, csv } = await exportReservations({ deps, range: c.req.valid('query') });
        return c.body(csv, 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${fileName}"`,
        });
      },
    )
    .get('/reservations/by-network', validate('query', z.object({ date: dateQuery })), async (c) => {
      requireAdmin(c);
      return c.json(await listBookingsByNetwork({ deps, date: c.req.valid('query').date }));
    })
    .post(
      '/reservations/cancel-many',
      validate('json', z.object({ ids: z.array(z.string().min(1).max(100)).min(1).max(200) }).strict()),
      async (c) => {
        requireAdmin(c);
        return c.json(await cancelReservations({ deps, ids: c.req.valid('json').ids }));
      },
    )
    .get('/reservations/:id', validate('param', idParam), async (c) => {
      const actor = requireUser(c);
      return c.json({ reservation: await getReservation({ deps, actor, id: c.req.valid('param').id }) });
    })
    .patch('/reservations/:id', validate('param', idParam), validate('json', updateReservationSchema), async (c) => {
      const actor = requireUser(c);
      return c.json({
        reservation: await updateReservation({
          deps,
          actor,
          id: c.req.valid('param').id,
          changes: c.req.valid('json'),
          source: sourceOf(c),
        }),
      });
    })
    .delete('/reservations/:id', validate('param', idParam), async (c) => {
      const actor = requireUser(c);
      await cancelReservation({ deps, actor, id: c.req.valid('param').id });
      return c.json({ id: c.req.valid('param').id });
    });
}
