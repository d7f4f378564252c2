// Calendar dates as the restaurant sees them. A date is a 'YYYY-MM-DD' string (the stored form); "today"
// is always computed in the restaurant's time zone, never the browser's or the server's.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written as YYYY-MM-DD (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// Building an Intl.DateTimeFormat costs far more than formatting with one (it was a seventh of the CPU of
// an availability request), so each is made once per time zone and kept.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function cachedFormat(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  make: () => Intl.DateTimeFormat,
) {
  let format = cache.get(timeZone);
  if (!format) cache.set(timeZone, (format = make()));
  return format;
}

/** Today's date in `timeZone`, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  const format = cachedFormat(
    dateFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  );
  return format.format(now);
}

/** Midnight UTC of a YYYY-MM-DD date, moved by whole years and days (Date rolls months and years over). */
function utcMidnight(isoDate: string, years = 0, days = 0): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year + years, month - 1, day + days));
}

const isoDateOf = (date: Date) => date.toISOString().slice(0, 10);

/** US English long form, e.g. 'November 22, 2026' (with a kept format: the admin's busy night writes hundreds). */
export const formatLongDate = (isoDate: string): string =>
  cachedFormat(
    dateFormats,
    'long',
    () => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
  ).format(utcMidnight(isoDate));

/** Day of the week of a YYYY-MM-DD date: 0 Sunday ... 1 Monday ... 6 Saturday. */
export const weekdayOf = (isoDate: string): number => utcMidnight(isoDate).getUTCDay();

/** isoDate plus n days, as YYYY-MM-DD. */
export const addDays = (isoDate: string, days: number): string => isoDateOf(utcMidnight(isoDate, 0, days));

export const addYears = (isoDate: string, years: number): string => isoDateOf(utcMidnight(isoDate, years));

/** The weekday's name in US English: 'Monday' for 2026-11-23. */
export const weekdayName = (isoDate: string): string =>
  utcMidnight(isoDate).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
