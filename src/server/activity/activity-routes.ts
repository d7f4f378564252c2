import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { requireAdmin } from '../http/guards';
import { idParam, validate } from '../http/validate';
import { getReservationHistory } from './get-reservation-history';

// Views of the activity record (decision 0017): a reservation's history. Admin only.
export function activityRoutes(deps: { db: Kysely<Database> }) {
  return new Hono<AppEnv>().get('/reservations/:id/history', validate('param', idParam), async (c) => {
    requireAdmin(c);
    return c.json(await getReservationHistory({ db: deps.db, id: c.req.valid('param').id }));
  });
}
