import type { TableLocation } from '../shared/seat-types';
import { weekdayOf } from './calendar';
import { clockToHhmm } from './clock';
import { seatingTimes } from './seatings';

// The owner's settings as the booking rules read them: the floor plan, the hours of each weekday,
// the closed dates, the booking rules and the restaurant's details. They live in the database and are edited in
// the admin (src/server/settings); config/restaurant.json and the RESTAURANT_* and BOOKING_* variables only
// fill them on the first start (docs/decisions/0010-owner-settings.md). Pure: no I/O, no zod.

/** A table or counter seat in the book. `position` is its place in the floor order: tables combine with neighbours. */
export interface Table {
  id: string;
  numSeats: number;
  location: TableLocation;
  isReservable: boolean;
  /** Two tables (or counter seats) of one location are adjacent when their places differ by one. */
  position: number;
}

/** A table as the settings list it: retired ones stay (past reservations keep their ids) but take no bookings. */
export interface SettingsTable extends Table {
  /** When it was retired (ISO-8601), or null while it is in use. */
  retiredAt: string | null;
}

/** One weekday's dinner: seatings from `first` to `last` (HH:MM) every `everyMinutes`, or closed. */
export interface DayHours {
  open: boolean;
  first: string;
  last: string;
  everyMinutes: number;
}

/** The seven weekdays' hours, Sunday first (index = JavaScript's getUTCDay()). */
export type WeeklyHours = DayHours[];

/** Dates the restaurant is closed, both ends included, with what guests are told ("Closed for a private event"). */
export interface Closure {
  id: string;
  firstDate: string;
  lastDate: string;
  note: string | null;
}

/** What guests may book: how far ahead, how much one account may hold, and the kitchen's covers per seating. */
export interface BookingRules {
  /** Guests book from tomorrow up to this many days ahead. */
  guestDaysAhead: number;
  /** Whether one account may hold reservations that overlap in time (the Terms' rule says no). */
  allowOverlap: boolean;
  /** Upcoming reservations one account may hold (0: no limit). */
  maxUpcoming: number;
  /** Reservations one account may hold on one date (0: no limit). */
  maxPerDate: number;
  /** Guests (covers) that may start dinner at one seating, all seat types together (0: no cap). */
  maxCoversPerSeating: number;
}

export interface SiteLink {
  label: string;
  url: string;
}

/** Who the restaurant is: the header, the footer, the legal pages and every email say it. */
export interface RestaurantDetails {
  name: string;
  phone: string;
  address: string;
  links: SiteLink[];
}

/**
 * A network the owner trusts (the restaurant's own Wi-Fi, an office that books for its guests): bookings from it
 * are exempt from the limits per network. An address (203.0.113.7) or a CIDR range (203.0.113.0/24).
 */
export interface TrustedNetwork {
  id: string;
  network: string;
  note: string | null;
}

/** Everything the owner sets, as one snapshot; `version` goes up by one with every change. */
export interface RestaurantSettings {
  version: number;
  details: RestaurantDetails;
  hours: WeeklyHours;
  rules: BookingRules;
  tables: SettingsTable[];
  closures: Closure[];
  trustedNetworks: TrustedNetwork[];
}

/** The tables that take bookings now. */
export const activeTables = (tables: readonly SettingsTable[]): Table[] =>
  tables.filter((table) => table.retiredAt === null).map(({ retiredAt: _retired, ...table }) => table);

/** The seating times (HHMM) of a date by its weekday's hours; none on a closed weekday. */
export function seatingsOn(isoDate: string, hours: WeeklyHours): number[] {
  const day = hours[weekdayOf(isoDate)];
  return day?.open ? seatingTimes(day) : [];
}

/** The closure that covers a date, if any. */
export const closureOn = (isoDate: string, closures: readonly Closure[]): Closure | undefined =>
  closures.find((closure) => closure.firstDate <= isoDate && isoDate <= closure.lastDate);

/** The weekdays the restaurant does not open (Monday by default). */
export const closedWeekdays = (hours: WeeklyHours): number[] =>
  hours.flatMap((day, weekday) => (day.open ? [] : [weekday]));

/** Whether a seating time of a date falls outside that weekday's hours. */
export const outsideHours = (isoDate: string, startTime: number, hours: WeeklyHours): boolean =>
  !seatingsOn(isoDate, hours).includes(startTime);

/** The hours every weekday had before the owner could set them: one pattern, closed on `closed` weekdays. */
export function uniformHours(
  seatings: { first: string; last: string; everyMinutes: number },
  closed: readonly number[],
): WeeklyHours {
  return [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ ...seatings, open: !closed.includes(weekday) }));
}

export { clockToHhmm };

/** Whether a date falls on a weekday the restaurant does not open. */
export const onClosedWeekday = (isoDate: string, closed: readonly number[]) => closed.includes(weekdayOf(isoDate));
