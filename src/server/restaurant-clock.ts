import { todayIn } from '../booking/calendar';
import { clockIn } from '../booking/wall-clock';
import type { AppConfig } from './config';

// The restaurant's today and wall clock, for every part of the server that decides by them (bookings, the owner's
// settings): read from the clock the caller is given (tests fix it), in the restaurant's zone.

/** The restaurant's today and wall clock (HHMM), read from the deps' clock in the restaurant's zone. */
export function restaurantClock(deps: { config: Pick<AppConfig, 'restaurant'>; now: () => Date }) {
  const now = deps.now();
  const timeZone = deps.config.restaurant.timeZone;
  return { today: todayIn(timeZone, now), nowHhmm: clockIn(timeZone, now) };
}
