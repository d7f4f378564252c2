import { Hono } from 'hono';
import { z } from 'zod';
import { seatTypeSchema } from '../../booking/reservation-schemas';
import type { Actor, AppEnv } from '../http/app-env';
import { errorBody } from '../http/errors';
import { requireAdmin } from '../http/guards';
import { validate } from '../http/validate';
import { streamAdminDay } from './admin-stream';
import { cancelReservations } from './cancel-reservations';
import { exportReservations } from './export-reservations';
import { findAvailableTables } from './find-available-tables';
import { listAllReservations } from './list-all-reservations';
import { listBookingsByNetwork } from './list-bookings-by-network';
import { listReservationsOn } from './list-reservations-on';
import { listTables } from './list-tables';
import type { ReservationDeps } from './reservation-deps';
import { dateQuery, excludeId } from './route-params';

// The admin's own reads and writes of the book: the floor plan, a day's list and its live stream, the search's
// whole book, the export, the night by network and its group cancel. Each answers 403 to anyone else.
export function adminReservationRoutes(
  deps: ReservationDeps & {
    shutdown: AbortSignal;
    /** Who the request's cookie belongs to now, for the stream to ask again while it runs. */
    currentActor: (headers: Headers) => Promise<Actor | null>;
  },
) {
  return new Hono<AppEnv>()
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
        const actor = requireAdmin(c);
        return c.json(await cancelReservations({ deps, actor, ids: c.req.valid('json').ids }));
      },
    );
}
