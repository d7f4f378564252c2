// Times of day as the spec stores them: HHMM integers in 24-hour form (1700 is 5:00 PM).

/** Every reservation lasts 90 minutes (SPEC section 9). */
export const RESERVATION_MINUTES = 90;

export const isHhmm = (value: number): boolean =>
  Number.isInteger(value) && value >= 0 && value <= 2359 && value % 100 < 60;

export const hhmmToMinutes = (hhmm: number): number => Math.floor(hhmm / 100) * 60 + (hhmm % 100);

export const minutesToHhmm = (minutes: number): number => Math.floor(minutes / 60) * 100 + (minutes % 60);

/** HHMM arithmetic across hours: addMinutes(1745, 90) is 1915. */
export const addMinutes = (hhmm: number, minutes: number): number => minutesToHhmm(hhmmToMinutes(hhmm) + minutes);

/** The spec: the end time is the start plus 90 minutes. */
export const endTimeFor = (startTime: number): number => addMinutes(startTime, RESERVATION_MINUTES);

/** '5:00 PM' for 1700, '12:30 PM' for 1230, '12:00 AM' for 0. */
export function formatTime12h(hhmm: number): string {
  const hours = Math.floor(hhmm / 100);
  const minutes = hhmm % 100;
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** '17:30' -> 1730. */
export const clockToHhmm = (clock: string): number => Number(clock.replace(':', ''));

/** Two time ranges [start, end) on the same day share at least one minute. */
export const rangesOverlap = (a: { startTime: number; endTime: number }, b: { startTime: number; endTime: number }) =>
  a.startTime < b.endTime && b.startTime < a.endTime;
