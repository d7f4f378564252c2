import { addMinutes, clockToHhmm, hhmmToMinutes } from './clock';
import type { RestaurantConfig } from './restaurant-config';

/** Dinner start times of any open day, as HHMM: 1700, 1730, ... 2030 with the default config. */
export function seatingTimes(seatings: RestaurantConfig['seatings']): number[] {
  const first = clockToHhmm(seatings.first);
  const last = hhmmToMinutes(clockToHhmm(seatings.last));
  const times: number[] = [];
  for (let time = first; hhmmToMinutes(time) <= last; time = addMinutes(time, seatings.everyMinutes)) times.push(time);
  return times;
}
