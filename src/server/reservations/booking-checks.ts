import * as bookingMessages from '../../shared/messages/booking';
import { sql, type Transaction } from 'kysely';
import { assignForSlot, candidateTables, freeTables, type BookedReservation } from '../../booking/availability';
import { BEGUN_MESSAGE, dateRefusal, hasBegun, timeRefusal, type Role } from '../../booking/booking-window';
import { seatsChosen, seatsEnough } from '../../booking/table-choice';
import { fairBookingRefusal } from '../../booking/fair-booking';
import type { RestaurantTable } from '../../booking/restaurant-config';
import { GUEST_MAX_PARTY } from '../../booking/party-size';
import { seatingTimes } from '../../booking/seatings';
import type { Database } from '../db/schema';
import type { Actor } from '../http/app-env';
import { AppError } from '../http/errors';
import type { Reservation } from '../../shared/reservation';
import type { SeatType } from '../../shared/seat-types';
import { bookedOn, isHoldConflict, loadTables, reservationsOf } from './reservation-store';
import { type ReservationDeps, restaurantClock } from './reservation-deps';

// The booking rules (src/booking) applied to the database, shared by the operations that write: when, how
// many, which tables, fair use, and the database's last word on a table held twice.

/** Attempts at an automatic assignment when a concurrent booking took the chosen table first. */
export const ASSIGNMENT_ATTEMPTS = 3;

export const notFound = () => new AppError('not_found', bookingMessages.reservationNotFound);

export function checkWhen(deps: ReservationDeps, role: Role, date: string, startTime: number) {
  const { today, nowHhmm } = restaurantClock(deps);
  const refusal =
    dateRefusal(date, role, today, deps.config.restaurant.closedDates) ?? timeRefusal(date, startTime, today, nowHhmm);
  if (refusal) throw new AppError('date_not_bookable', refusal);
  if (!seatingTimes(deps.config.restaurant.seatings).includes(startTime))
    throw new AppError('invalid_time', bookingMessages.invalidTime);
}

export function checkPartySize(deps: ReservationDeps, role: Role, partySize: number) {
  if (role === 'guest' && partySize > GUEST_MAX_PARTY) {
    throw new AppError(
      'party_too_large',
      `For parties of 7 or more, please call us at ${deps.config.restaurant.phone}.`,
    );
  }
}

/** The admin's explicit tables: they must exist, be of the booking's seat type, be free, and seat the party. */
export function checkChosenTables(
  tables: RestaurantTable[],
  booked: BookedReservation[],
  chosen: string[],
  booking: { seatType: SeatType; partySize: number; startTime: number; endTime: number },
  excludeId?: string,
) {
  const byId = new Map(tables.map((table) => [table.id, table]));
  const picked = chosen.map((id) => byId.get(id));
  if (picked.some((table) => !table)) throw new AppError('invalid_tables', bookingMessages.invalidTableSelection);
  // Counter seats are booked as counter, floor tables as table: the seat type the book shows must be true.
  const ofType = new Set(candidateTables(tables, booking.seatType, 'admin').map((table) => table.id));
  if (chosen.some((id) => !ofType.has(id))) throw new AppError('invalid_tables', bookingMessages.invalidTableSelection);
  const seats = seatsChosen(chosen, tables);
  const { partySize } = booking;
  if (!seatsEnough(seats, partySize))
    throw new AppError('not_enough_seats', bookingMessages.seatsTooFew(seats, partySize));
  const free = new Set(freeTables(picked as RestaurantTable[], booked, booking, excludeId).map((table) => table.id));
  if (chosen.some((id) => !free.has(id))) throw new AppError('slot_taken', bookingMessages.slotTaken);
}

/**
 * The tables for a booking's slot, read inside its writing transaction: the admin's choice, checked against
 * the book as it is now, or else the automatic assignment.
 */
export async function tablesForSlot(
  trx: Transaction<Database>,
  role: Role,
  booking: { reservationDate: string; partySize: number; seatType: SeatType; startTime: number; endTime: number },
  chosen: string[] | undefined,
  excludeReservationId?: string,
): Promise<string[]> {
  const [tables, booked] = await Promise.all([loadTables(trx), bookedOn(trx, booking.reservationDate)]);
  if (chosen) {
    checkChosenTables(tables, booked, chosen, booking, excludeReservationId);
    return chosen;
  }
  const assignment = assignForSlot({
    tables,
    booked,
    seatType: booking.seatType,
    role,
    partySize: booking.partySize,
    startTime: booking.startTime,
    excludeReservationId,
  });
  if (!assignment.ok) throw new AppError('slot_taken', assignment.message);
  return assignment.tableIds;
}

/** Runs a write that may lose a race for a table; the database's key decides, and the loser retries. */
export async function withHoldRetry<T>(attempt: () => Promise<T>, retries: number): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isHoldConflict(error)) throw error;
      if (tries >= retries) throw new AppError('slot_taken', bookingMessages.slotTaken);
    }
  }
}

/**
 * Fair use (src/booking/fair-booking.ts): a guest's bookings and moves are checked against what the account
 * already holds, read inside the writing transaction. On PostgreSQL the account's row is locked first, so two
 * bookings of one account at once are checked one after the other (SQLite runs one transaction at a time).
 */
export async function checkFairBooking(
  trx: Transaction<Database>,
  deps: ReservationDeps,
  actor: Actor,
  wanted: { id: string; reservationDate: string; startTime: number; endTime: number },
  isNew: boolean,
) {
  if (actor.role === 'admin') return;
  if (deps.config.database.dialect === 'postgres') {
    await sql`select 1 from "user" where id = ${actor.userId} for update`.execute(trx);
  }
  const { today, nowHhmm } = restaurantClock(deps);
  const own = await reservationsOf(trx, actor.userId, today);
  const refusal = fairBookingRefusal({ own, wanted, isNew, limits: deps.config.fairUse, today, nowHhmm });
  if (refusal) throw new AppError('booking_limit', refusal);
}

/** A guest's reservation is theirs to change until its seating begins; after that it is the restaurant's record. */
export function refuseIfBegun(deps: ReservationDeps, actor: Actor, reservation: Reservation) {
  const { today, nowHhmm } = restaurantClock(deps);
  if (actor.role !== 'admin' && hasBegun(reservation, today, nowHhmm)) throw new AppError('begun', BEGUN_MESSAGE);
}
