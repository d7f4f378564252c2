import * as bookingMessages from '../../shared/messages/booking';
import * as fieldMessages from '../../shared/messages/booking-fields';
import { BEGUN_MESSAGE, calendarOf, dateRefusal, hasBegun, timeRefusal, type Role } from '../../booking/booking-window';
import { coversCapMessages, GUEST_MAX_PARTY, guestMaxParty } from '../../booking/party-size';
import { outsideHours, type RestaurantSettings } from '../../booking/restaurant-settings';
import type { Reservation } from '../../shared/reservation';
import type { Actor } from '../http/app-env';
import { AppError } from '../http/errors';
import { restaurantClock } from '../restaurant-clock';
import { zonedInstant } from '../../booking/zoned-time';
import type { ReservationDeps } from './reservation-deps';

// When and how many: the booking rules of src/booking on a booking's date, time and party, in the words the spec
// and the owner's settings give. Checked in the writing transaction against the settings it read.

export const notFound = () => new AppError('not_found', bookingMessages.reservationNotFound);

/** Minutes from now to the seating's start, to the nearest (negative once it has begun), for a cancel's history. */
export function minutesBeforeSeating(
  deps: Pick<ReservationDeps, 'config' | 'now'>,
  reservation: { reservationDate: string; startTime: number },
): number {
  const start = zonedInstant(reservation.reservationDate, reservation.startTime, deps.config.restaurant.timeZone);
  return Math.round((start.getTime() - deps.now().getTime()) / 60_000);
}

/** A date and seating the role may book now: inside the window, open, not begun, within the day's hours. */
export function checkWhen({
  deps,
  settings,
  role,
  date,
  startTime,
}: {
  deps: Pick<ReservationDeps, 'config' | 'now'>;
  settings: RestaurantSettings;
  role: Role;
  date: string;
  startTime: number;
}) {
  const { today, nowHhmm } = restaurantClock(deps);
  const refusal = dateRefusal(date, role, today, calendarOf(settings)) ?? timeRefusal(date, startTime, today, nowHhmm);
  if (refusal) throw new AppError('date_not_bookable', refusal);
  if (outsideHours(date, startTime, settings.hours)) throw new AppError('invalid_time', fieldMessages.invalidTime);
}

/** A guest's party books online up to 6, or the owner's cap on guests per seating when lower; a larger one calls. */
export function checkPartySize({
  settings,
  role,
  partySize,
}: {
  settings: RestaurantSettings;
  role: Role;
  partySize: number;
}) {
  if (role !== 'guest') return;
  const { phone } = settings.details;
  if (partySize > GUEST_MAX_PARTY)
    throw new AppError('party_too_large', `For parties of 7 or more, please call us at ${phone}.`);
  if (partySize > guestMaxParty(settings.rules))
    throw new AppError('party_too_large', coversCapMessages.partyOverCap(settings.rules.maxCoversPerSeating, phone));
}

/** A guest's reservation is theirs to change until its seating begins; after that it is the restaurant's record. */
export function refuseIfBegun({
  deps,
  actor,
  reservation,
}: {
  deps: Pick<ReservationDeps, 'config' | 'now'>;
  actor: Actor;
  reservation: Reservation;
}) {
  const { today, nowHhmm } = restaurantClock(deps);
  if (actor.role !== 'admin' && hasBegun(reservation, today, nowHhmm)) throw new AppError('begun', BEGUN_MESSAGE);
}
