import { addDays, addYears, isIsoDate, weekdayName, weekdayOf } from './calendar';
import { closureOn, type Closure, type RestaurantSettings, type WeeklyHours } from './restaurant-settings';
import * as bookingMessages from '../shared/messages/booking';

// Which dates and times may be booked, by whom (SPEC sections 6 and 9, DESIGN.md defaults), over the owner's
// calendar: the weekdays' hours, the closed dates and the guests' horizon (src/booking/restaurant-settings.ts).

/** The guests' horizon before the owner sets another (a booking rule in the admin's settings). */
export const GUEST_DAYS_AHEAD = 60;
export const ADMIN_YEARS_AHEAD = 2;

export type Role = 'guest' | 'admin';

/** What of the owner's settings decides whether a date can be booked. */
export interface BookingCalendar {
  hours: WeeklyHours;
  closures: readonly Closure[];
  guestDaysAhead: number;
}

/** The calendar of the owner's settings. */
export const calendarOf = (settings: Pick<RestaurantSettings, 'hours' | 'closures' | 'rules'>): BookingCalendar => ({
  hours: settings.hours,
  closures: settings.closures,
  guestDaysAhead: settings.rules.guestDaysAhead,
});

export interface DateWindow {
  first: string;
  last: string;
}

/** Guests book from tomorrow up to `guestDaysAhead` days ahead; the admin from today up to 2 years ahead. */
export function bookingWindow(role: Role, today: string, guestDaysAhead: number): DateWindow {
  return role === 'admin'
    ? { first: today, last: addYears(today, ADMIN_YEARS_AHEAD) }
    : { first: addDays(today, 1), last: addDays(today, guestDaysAhead) };
}

/**
 * Which rule refuses a date, or null when it can be booked: not a date, a Monday when Mondays are closed (the
 * spec's rule, with its own words), another closed weekday, a closed date, a day gone by, today for a guest
 * (online booking opens tomorrow), or past the role's horizon.
 */
export type DateRefusalReason = 'invalid' | 'monday' | 'closed_weekday' | 'closed' | 'past' | 'too_soon' | 'too_far';

export function dateRefusalReason(
  isoDate: string,
  role: Role,
  today: string,
  calendar: BookingCalendar,
): DateRefusalReason | null {
  if (!isIsoDate(isoDate)) return 'invalid';
  const weekday = weekdayOf(isoDate);
  if (!calendar.hours[weekday]?.open) return weekday === 1 ? 'monday' : 'closed_weekday';
  if (closureOn(isoDate, calendar.closures)) return 'closed';
  const window = bookingWindow(role, today, calendar.guestDaysAhead);
  if (isoDate < today) return 'past';
  if (isoDate < window.first) return 'too_soon';
  if (isoDate > window.last) return 'too_far';
  return null;
}

/** 'We are closed on Mondays' (the spec's words), 'We are closed on Tuesdays', ... for a date on that weekday. */
export const closedOnWeekday = (isoDate: string) =>
  weekdayOf(isoDate) === 1 ? bookingMessages.closedMondays : `We are closed on ${weekdayName(isoDate)}s`;

/** What guests are told of a closed date: the owner's note ("Closed for a private event"), or that it is closed. */
export const closedDateMessage = (note: string | null | undefined) => note ?? 'We are closed on this date';

/** Why a date cannot be booked, in words, or null when it can. */
export function dateRefusal(isoDate: string, role: Role, today: string, calendar: BookingCalendar): string | null {
  const reason = dateRefusalReason(isoDate, role, today, calendar);
  switch (reason) {
    case null:
      return null;
    case 'invalid':
      return bookingMessages.selectDate;
    case 'monday':
    case 'closed_weekday':
      return closedOnWeekday(isoDate);
    case 'closed':
      return closedDateMessage(closureOn(isoDate, calendar.closures)?.note);
    case 'past':
    case 'too_soon':
      return role === 'admin' ? 'Reservations cannot be made for past dates' : 'Reservations can be made from tomorrow';
    case 'too_far':
      return role === 'admin'
        ? `Reservations can be made up to ${ADMIN_YEARS_AHEAD} years ahead`
        : `Reservations can be made up to ${calendar.guestDaysAhead} days ahead`;
  }
}

/** On today's date the admin may book only seatings that have not started yet. */
export function timeRefusal(isoDate: string, startTime: number, today: string, nowHhmm: number): string | null {
  if (isoDate === today && startTime <= nowHhmm) return 'That time has already passed';
  return null;
}

/** A reservation whose seating has begun (or is over): guests can no longer change or cancel it. */
export function hasBegun(reservation: { reservationDate: string; startTime: number }, today: string, nowHhmm: number) {
  return (
    reservation.reservationDate < today || (reservation.reservationDate === today && reservation.startTime <= nowHhmm)
  );
}

export const BEGUN_MESSAGE = 'This reservation has already begun and can no longer be changed.';
