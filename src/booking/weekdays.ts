// The weekdays by name, for the admin's settings and what the server says of the hours. Apart from
// restaurant-settings.ts, which the booking page loads: the page names a day through the browser's own
// calendar (calendar.ts, weekdayName) instead of carrying this list.

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * The date field's hint: "We are open Tuesday to Sunday." for the spec's closed Mondays, a run of weekdays
 * when the open ones follow each other, else the closed ones.
 */
export function openDaysHint(closed: readonly number[]): string {
  const isOpen = (weekday: number) => !closed.includes(weekday);
  const open = [0, 1, 2, 3, 4, 5, 6].filter(isOpen);
  if (open.length === 7) return 'We are open every day.';
  if (open.length === 0) return 'We are not taking reservations online at the moment.';
  // The open days as one run, wrapping around the week: it starts on the open day after a closed one.
  const start = open.find((weekday) => !isOpen((weekday + 6) % 7))!;
  const run = open.map((_, i) => (start + i) % 7);
  if (run.every(isOpen)) {
    const last = run.at(-1)!;
    return run.length === 1
      ? `We are open on ${WEEKDAY_NAMES[start]}s.`
      : `We are open ${WEEKDAY_NAMES[start]} to ${WEEKDAY_NAMES[last]}.`;
  }
  const names = closed.map((weekday) => `${WEEKDAY_NAMES[weekday]}s`);
  return `We are closed on ${names.slice(0, -1).join(', ')}${names.length > 1 ? ' and ' : ''}${names.at(-1)}.`;
}
