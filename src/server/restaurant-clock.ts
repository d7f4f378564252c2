import { todayIn } from '../booking/calendar';
import { clockIn } from '../booking/wall-clock';
import type { AppConfig } from './config';

// The restaurant's today and wall clock, for every part of the server that decides by them (bookings, the owner's
// settings): read from the clock the caller is given (tests fix it), in the restaurant's zone.

export interface RestaurantTime {
  today: string;
  nowHhmm: number;
}

/**
 * The last answer, by zone and minute. Both parts change only at a whole minute (zones are whole minutes off
 * UTC), and on a release night every request asks: formatting two dates in a zone each time was a twentieth of
 * the server's CPU (docs/benchmarks.md). Keyed by the minute of the clock given, so a test's moved clock is read.
 */
let last: { timeZone: string; minute: number; time: RestaurantTime } | undefined;

/** The restaurant's today and wall clock (HHMM), read from the deps' clock in the restaurant's zone. */
export function restaurantClock(deps: { config: Pick<AppConfig, 'restaurant'>; now: () => Date }): RestaurantTime {
  const now = deps.now();
  const timeZone = deps.config.restaurant.timeZone;
  const minute = Math.floor(now.valueOf() / 60_000);
  if (last && last.minute === minute && last.timeZone === timeZone) return last.time;
  const time = Object.freeze({ today: todayIn(timeZone, now), nowHhmm: clockIn(timeZone, now) });
  if (Number.isFinite(minute)) last = { timeZone, minute, time };
  return time;
}
