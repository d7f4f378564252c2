import { addMinutes, clockToHhmm, hhmmToMinutes } from './clock';

/** A pattern of seatings: from `first` to `last` (HH:MM), one every `everyMinutes`. */
export interface Seatings {
  first: string;
  last: string;
  everyMinutes: number;
}

/** Dinner start times of a pattern, as HHMM: 1700, 1730, ... 2030 with the default config. */
export function seatingTimes(seatings: Seatings): number[] {
  const first = clockToHhmm(seatings.first);
  const last = hhmmToMinutes(clockToHhmm(seatings.last));
  const times: number[] = [];
  for (let time = first; hhmmToMinutes(time) <= last; time = addMinutes(time, seatings.everyMinutes)) times.push(time);
  return times;
}
