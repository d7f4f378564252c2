import type { Kysely } from 'kysely';
import { clockIn, todayIn } from '../../booking/calendar';
import type { AppConfig } from '../config';
import type { Database } from '../db/schema';
import type { ChangeFeed } from './change-feed';

// What every reservation operation works with: the database, the configuration, the change feed and the
// clock, and the restaurant's today read from that clock.

export interface ReservationDeps {
  db: Kysely<Database>;
  config: AppConfig;
  feed: ChangeFeed;
  /** The current instant; tests pass a fixed clock. */
  now: () => Date;
}

export function restaurantClock(deps: ReservationDeps) {
  const now = deps.now();
  const today = todayIn(deps.config.restaurant.timeZone, now);
  return { today, nowHhmm: clockIn(deps.config.restaurant.timeZone, now) };
}
