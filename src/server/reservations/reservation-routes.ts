import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { seatTypeSchema, createReservationSchema, updateReservationSchema } from '../../booking/reservation-schemas';
import { isAdmin, type SessionUser } from '../auth';
import type { AppEnv } from '../app';
import type { AppConfig } from '../config';
import { errorBody } from '../http/errors';
import { requireAdmin, requireUser } from '../http/guards';
import { validate } from '../http/validate';
import type { ReservationChange } from './change-feed';
import {
  cancelReservation,
  createReservation,
  findAvailableTables,
  findAvailableTimes,
  getReservation,
  listAllReservations,
  listOwnReservations,
  listReservationsOn,
  listTables,
  updateReservation,
  type Actor,
  type ReservationDeps,
} from './reservation-service';

const dateQuery = z.string().max(20);
const idParam = z.object({ id: z.string().min(1).max(100) });
const partySizeQuery = z.coerce.number({ error: 'Please select a valid number of guests' }).int().min(1).max(40);
const excludeId = z.string().max(100).optional();
/** A comment line on the admin's stream this often keeps proxies from closing it, and re-checks the session. */
const HEARTBEAT_MS = 25_000;

// HTTP over the reservation service: parse, decide who is asking, call. The rules live in the service.
export function reservationRoutes(
  deps: ReservationDeps & {
    config: AppConfig;
    shutdown: AbortSignal;
    /** Who the request's cookie belongs to now, for the stream to ask again while it runs. */
    currentSession: (headers: Headers) => Promise<{ user: SessionUser } | null>;
  },
) {
  const actorOf = (user: { email: string; emailVerified: boolean }): Actor => ({
    email: user.email.toLowerCase(),
    role: isAdmin(user, deps.config.adminEmail) ? 'admin' : 'guest',
  });

  return new Hono<AppEnv>()
    .get(
      '/availability',
      validate(
        'query',
        z.object({ date: dateQuery, partySize: partySizeQuery, seatType: seatTypeSchema.default('table'), excludeId }),
      ),
      async (c) => {
        const actor = actorOf(requireUser(c));
        const query = c.req.valid('query');
        const times = await findAvailableTimes(deps, actor, { ...query, excludeReservationId: query.excludeId });
        return c.json({ date: query.date, times });
      },
    )
    .get('/tables', async (c) => {
      requireAdmin(c, deps.config.adminEmail);
      return c.json({ tables: await listTables(deps) });
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
        requireAdmin(c, deps.config.adminEmail);
        const query = c.req.valid('query');
        return c.json({ tables: await findAvailableTables(deps, { ...query, excludeReservationId: query.excludeId }) });
      },
    )
    .post('/reservations', validate('json', createReservationSchema), async (c) => {
      const actor = actorOf(requireUser(c));
      return c.json({ reservation: await createReservation(deps, actor, c.req.valid('json')) }, 201);
    })
    .get('/reservations/mine', async (c) => {
      const actor = actorOf(requireUser(c));
      return c.json({ reservations: await listOwnReservations(deps, actor) });
    })
    .get('/reservations/all', async (c) => {
      requireAdmin(c, deps.config.adminEmail);
      return c.json({ reservations: await listAllReservations(deps) });
    })
    .get('/reservations', validate('query', z.object({ date: dateQuery })), async (c) => {
      requireAdmin(c, deps.config.adminEmail);
      return c.json({ reservations: await listReservationsOn(deps, c.req.valid('query').date) });
    })
    .get('/reservations/stream', validate('query', z.object({ date: dateQuery })), (c) => {
      requireAdmin(c, deps.config.adminEmail);
      const { date } = c.req.valid('query');
      // A reconnect reaching a server that is stopping: tell the browser to come back to the next one.
      if (deps.shutdown.aborted) return c.json(errorBody('The server is restarting.', 'unavailable'), 503);
      return streamSSE(c, async (stream) => {
        // Admin rights are asked again before every snapshot and heartbeat: a session ended meanwhile (signed
        // out, a password changed elsewhere) closes the stream within one heartbeat, and its reconnect is refused.
        const stillAdmin = async () =>
          isAdmin((await deps.currentSession(c.req.raw.headers))?.user, deps.config.adminEmail);
        const sendSnapshot = async () => {
          if (!(await stillAdmin())) return stream.abort();
          const reservations = await listReservationsOn(deps, date);
          await stream.writeSSE({ event: 'snapshot', data: JSON.stringify({ date, reservations }) });
        };
        // Changes arriving together (a burst of bookings) produce one snapshot.
        let pending: ReturnType<typeof setTimeout> | undefined;
        const touches = (change: ReservationChange) =>
          change.type === 'deleted'
            ? change.reservationDate === date
            : change.reservation.reservationDate === date ||
              (change.type === 'updated' && change.previousDate === date);
        const unsubscribe = deps.feed.subscribe((change) => {
          if (!touches(change) || pending) return;
          pending = setTimeout(() => {
            pending = undefined;
            void sendSnapshot().catch(() => stream.abort());
          }, 20);
        });
        const heartbeat = setInterval(() => {
          const beat = async () => {
            if (!(await stillAdmin())) return stream.abort();
            await stream.write(': keep-alive\n\n');
          };
          void beat().catch(() => stream.abort());
        }, HEARTBEAT_MS);
        const closed = new Promise<void>((resolve) => {
          stream.onAbort(resolve);
          deps.shutdown.addEventListener('abort', () => resolve(), { once: true });
        });
        try {
          await stream.writeSSE({ event: 'ready', data: '', retry: 2000 });
          await sendSnapshot();
          await closed;
        } finally {
          unsubscribe();
          clearInterval(heartbeat);
          if (pending) clearTimeout(pending);
        }
      });
    })
    .get('/reservations/:id', validate('param', idParam), async (c) => {
      const actor = actorOf(requireUser(c));
      return c.json({ reservation: await getReservation(deps, actor, c.req.valid('param').id) });
    })
    .patch('/reservations/:id', validate('param', idParam), validate('json', updateReservationSchema), async (c) => {
      const actor = actorOf(requireUser(c));
      return c.json({
        reservation: await updateReservation(deps, actor, c.req.valid('param').id, c.req.valid('json')),
      });
    })
    .delete('/reservations/:id', validate('param', idParam), async (c) => {
      const actor = actorOf(requireUser(c));
      await cancelReservation(deps, actor, c.req.valid('param').id);
      return c.json({ id: c.req.valid('param').id });
    });
}
