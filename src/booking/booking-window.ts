import { isIsoDate } from './calendar';
import * as bookingMessages from '../shared/messages/booking';

// Which dates and times may be booked, by whom (SPEC sections 6 and 9, DESIGN.md defaults).

export const GUEST_DAYS_AHEAD = 60;
export const ADMIN_YEARS_AHEAD = 2;

export type Role = 'guest' | 'admin';

/** Day of the week of a YYYY-MM-DD date: 0 Sunday ... 1 Monday ... 6 Saturday. */
export function weekdayOf(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export const isMonday = (isoDate: string) => weekdayOf(isoDate) === 1;

/** isoDate plus n days, as YYYY-MM-DD. */
export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export function addYears(isoDate: string, years: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year + years, month - 1, day)).toISOString().slice(0, 10);
}

export interface DateWindow {
  first: string;
  last: string;
}

/** Guests book from tomorrow up to 60 days ahead; the admin from today up to 2 years ahead. */
export function bookingWindow(role: Role, today: string): DateWindow {
  return role === 'admin'
    ? { first: today, last: addYears(today, ADMIN_YEARS_AHEAD) }
    : { first: addDays(today, 1), last: addDays(today, GUEST_DAYS_AHEAD) };
}

/**
 * Which rule refuses a date, or null when it can be booked: not a date, a Monday, a closed date of the config,
 * a day gone by, today for a guest (online booking opens tomorrow), or past the role's horizon.
 */
export type DateRefusalReason = 'invalid' | 'monday' | 'closed' | 'past' | 'too_soon' | 'too_far';

export function dateRefusalReason(
  isoDate: string,
  role: Role,
  today: string,
  closedDates: readonly string[],
): DateRefusalReason | null {
  if (!isIsoDate(isoDate)) return 'invalid';
  if (isMonday(isoDate)) return 'monday';
  if (closedDates.includes(isoDate)) return 'closed';
  const window = bookingWindow(role, today);
  if (isoDate < today) return 'past';
  if (isoDate < window.first) return 'too_soon';
  if (isoDate > window.last) return 'too_far';
  return null;
}

/** Why a date cannot be booked, in words, or null when it can. */
export function dateRefusal(isoDate: string, role: Role, today: string, closedDates: readonly string[]): string | null {
  switch (dateRefusalReason(isoDate, role, today, closedDates)) {
    case null:
      return null;
    case 'invalid':
      return bookingMessages.selectDate;
    case 'monday':
      return bookingMessages.closedMondays;
    case 'closed':
      return 'We are closed on this date';
    case 'past':
    case 'too_soon':
      return role === 'admin' ? 'Reservations cannot be made for past dates' : 'Reservations can be made from tomorrow';
    case 'too_far':
      return role === 'admin'
        ? `Reservations can be made up to ${ADMIN_YEARS_AHEAD} years ahead`
        : `Reservations can be made up to ${GUEST_DAYS_AHEAD} days ahead`;
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
