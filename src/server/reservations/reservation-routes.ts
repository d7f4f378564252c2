import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { createReservationSchema, seatTypeSchema, updateReservationSchema } from '../../booking/reservation-schemas';
import * as fieldMessages from '../../shared/messages/booking-fields';
import type { AppConfig } from '../config';
import type { RateCounters } from '../db/rate-counters';
import type { Actor, AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { requireUser } from '../http/guards';
import { idParam, validate } from '../http/validate';
import { adminReservationRoutes } from './admin-reservation-routes';
import type { BookingSource } from './fair-use-checks';
import { createBookingRateLimit } from './booking-rate-limit';
import { cancelReservation } from './cancel-reservation';
import { createReservation } from './create-reservation';
import { findAvailableTimes } from './find-available-times';
import { getReservation } from './get-reservation';
import { listOwnReservations } from './list-own-reservations';
import type { ReservationDeps } from './reservation-deps';
import { dateQuery, excludeId } from './route-params';
import { updateReservation } from './update-reservation';

const partySizeQuery = z.coerce.number({ error: fieldMessages.invalidGuests }).int().min(1).max(40);

// HTTP over the reservation service: parse, decide who is asking, call. The rules live in the service. Here what
// every signed-in caller may do (a guest to their own reservations); the admin's own routes beside it.
export function reservationRoutes(
  deps: ReservationDeps & {
    config: AppConfig;
    shutdown: AbortSignal;
    counters: RateCounters;
    /** Who the request's cookie belongs to now, for the stream to ask again while it runs. */
    currentActor: (headers: Headers) => Promise<Actor | null>;
  },
) {
  const bookingRate = createBookingRateLimit(
    deps.counters,
    deps.config.fairUse,
    () => deps.settings.current().trustedNetworks.map((trusted) => trusted.network),
    deps.config.database.dialect,
  );
  /** Where a booking or a move comes from: the client's address (a trusted proxy's X-Forwarded-For). */
  const sourceOf = (c: Context<AppEnv>): BookingSource => ({ address: clientIp(c, deps.config.trustProxy) });

  // The admin's routes first: '/reservations/all' and the like before '/reservations/:id' would take them.
  return new Hono<AppEnv>()
    .route('/', adminReservationRoutes(deps))
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
