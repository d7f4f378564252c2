import { formatLongDate } from '../../booking/calendar';
import { clockToHhmm, formatTime12h } from '../../booking/clock';
import type {
  BookingRules,
  DayHours,
  RestaurantDetails,
  Table,
  TrustedNetwork,
} from '../../booking/restaurant-settings';
import { WEEKDAY_NAMES } from '../../booking/weekdays';
import { countOf, TableLabel, tableLabel } from '../../booking/words';

// The settings history in words: one line per change, saying what is now and what was ("Guests book up to 30
// days ahead (was 60)"), so the owner can read back who changed what without comparing screens.

const onlineLabel = (reservable: boolean) => (reservable ? 'bookable online' : 'not bookable online');
export function describeNewTable(table: Table): string {
  return `Added ${tableLabel(table)} (${countOf(table.numSeats, 'seat')}, ${onlineLabel(table.isReservable)}, place ${table.position})`;
}

export function describeTableChange(before: Table, after: Table): string {
  const parts: string[] = [];
  if (before.numSeats !== after.numSeats) parts.push(`seats ${before.numSeats} → ${after.numSeats}`);
  if (before.isReservable !== after.isReservable) parts.push(onlineLabel(after.isReservable));
  if (before.position !== after.position) parts.push(`place ${before.position} → ${after.position}`);
  return `${TableLabel(after)}: ${parts.join(', ')}`;
}

export const describeRetirement = (table: Table) => `Retired ${tableLabel(table)}`;

/** "5:00 PM–9:00 PM every 30 min", in the 12-hour times every other screen writes. */
const dayText = (day: DayHours) =>
  day.open
    ? `${formatTime12h(clockToHhmm(day.first))}–${formatTime12h(clockToHhmm(day.last))} every ${day.everyMinutes} min`
    : 'closed';

export function describeHoursChange(before: DayHours[], after: DayHours[]): string {
  const changed = after.flatMap((day, weekday) =>
    dayText(day) === dayText(before[weekday]!) ? [] : [`${WEEKDAY_NAMES[weekday]} ${dayText(day)}`],
  );
  return `Hours: ${changed.join('; ')}`;
}

const range = (first: string, last: string) =>
  first === last ? formatLongDate(first) : `${formatLongDate(first)} to ${formatLongDate(last)}`;

export const describeClosure = (first: string, last: string, note: string | null) =>
  `Closed ${range(first, last)}${note ? ` (“${note}”)` : ''}`;

export const describeReopening = (first: string, last: string) => `Reopened ${range(first, last)}`;

export const describeTrust = (trusted: TrustedNetwork) =>
  `Trusted network ${trusted.network}${trusted.note ? ` (“${trusted.note}”)` : ''}`;

export const describeDistrust = (trusted: TrustedNetwork) => `No longer trusted: network ${trusted.network}`;

const RULE_TEXT: { [K in keyof BookingRules]: (value: BookingRules[K]) => string } = {
  guestDaysAhead: (days) => `guests book up to ${days} days ahead`,
  allowOverlap: (allowed) =>
    allowed ? 'a guest may hold overlapping reservations' : 'no overlapping reservations per guest',
  maxUpcoming: (n) =>
    n ? `at most ${n} upcoming reservations per guest` : 'no limit on upcoming reservations per guest',
  maxPerDate: (n) => (n ? `at most ${n} per guest per date` : 'no limit per guest per date'),
  maxCoversPerSeating: (n) => (n ? `at most ${n} guests per seating` : 'no cap on guests per seating'),
};

export function describeRulesChange(before: BookingRules, after: BookingRules): string {
  const keys = Object.keys(RULE_TEXT) as (keyof BookingRules)[];
  const changed = keys.filter((key) => before[key] !== after[key]);
  const text = <K extends keyof BookingRules>(key: K, rules: BookingRules) => RULE_TEXT[key](rules[key]);
  return `Booking rules: ${changed.map((key) => `${text(key, after)} (was: ${text(key, before)})`).join('; ')}`;
}

export function describeDetailsChange(before: RestaurantDetails, after: RestaurantDetails): string {
  const changed: string[] = [];
  if (before.name !== after.name) changed.push(`name “${after.name}”`);
  if (before.phone !== after.phone) changed.push(`phone ${after.phone}`);
  if (before.address !== after.address) changed.push(`address “${after.address}”`);
  if (JSON.stringify(before.links) !== JSON.stringify(after.links))
    changed.push(`links ${after.links.map((link) => link.label).join(', ') || 'none'}`);
  return `Details: ${changed.join('; ')}`;
}

/** Whether two settings values are the same, whatever the order of their keys. */
export function sameSetting(a: unknown, b: unknown): boolean {
  const stable = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(stable)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([x], [y]) => x.localeCompare(y))
              .map(([key, inner]) => [key, stable(inner)]),
          )
        : value;
  return JSON.stringify(stable(a)) === JSON.stringify(stable(b));
}
