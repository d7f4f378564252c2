import { TZDate } from '@date-fns/tz';

// Kept apart from calendar.ts so that screens which only need dates do not load the time-zone library.

/** The instant a wall-clock time (HHMM) on a date falls on in `timeZone`, daylight saving included. */
export function zonedInstant(isoDate: string, hhmm: number, timeZone: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, Math.floor(hhmm / 100), hhmm % 100, 0, timeZone).getTime());
}
