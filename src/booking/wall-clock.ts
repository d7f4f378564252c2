import { cachedFormat } from './calendar';

// The time of day in the restaurant's time zone: apart from calendar.ts because the booking page does not need
// it (only the pages that compare a reservation with now do), and calendar.ts is in every first load.

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time in `timeZone` as HHMM (e.g. 1730), 0 to 2359. */
export function clockIn(timeZone: string, now: Date = new Date()): number {
  const format = cachedFormat(
    clockFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  );
  return Number(format.format(now).replace(':', ''));
}
