import * as bookingMessages from '../../shared/messages/booking';
import * as fieldMessages from '../../shared/messages/booking-fields';
import * as tableMessages from '../../shared/messages/table-choice';
import type { Transaction } from 'kysely';
import {
  assignForSlot,
  candidateTables,
  freeTables,
  seatingFull,
  type BookedReservation,
} from '../../booking/availability';
import { BEGUN_MESSAGE, calendarOf, dateRefusal, hasBegun, timeRefusal, type Role } from '../../booking/booking-window';
import { seatsChosen, seatsEnough } from '../../booking/table-choice';
import { fairBookingRefusal, isNewAccount, newAccountNetworkRefusal } from '../../booking/fair-booking';
import { activeTables, outsideHours, type RestaurantSettings, type Table } from '../../booking/restaurant-settings';
import { coversCapMessages, GUEST_MAX_PARTY, guestMaxParty } from '../../booking/party-size';
import { lockExclusive, LOCKS } from '../db/advisory-locks';
import type { Database } from '../db/schema';
import type { Actor } from '../http/app-env';
import { AppError } from '../http/errors';
import type { Reservation } from '../../shared/reservation';
import type { SeatType } from '../../shared/seat-types';
import { inNetworks, networkOf } from '../http/client-network';
import {
  accountCreatedAt,
  bookedOn,
  isHoldConflict,
  newAccountBookingsFrom,
  reservationsOf,
} from './reservation-store';
import type { ReservationDeps } from './reservation-deps';
import { restaurantClock } from '../restaurant-clock';

// The booking rules (src/booking) applied to the database, shared by the operations that write: when, how
// many, which tables, fair use, the covers cap, and the database's last word on a table held twice. Every check
// that decides a write reads the owner's settings as the writing transaction read them (settings.forWrite), never
// an older copy; `plainRefusal` alone judges from copies, for the pre-check before a guest's transaction.

/** Attempts at an automatic assignment when a concurrent booking took the chosen table first. */
export const ASSIGNMENT_ATTEMPTS = 3;

export const notFound = () => new AppError('not_found', bookingMessages.reservationNotFound);

export function checkWhen(
  deps: ReservationDeps,
  settings: RestaurantSettings,
  role: Role,
  date: string,
  startTime: number,
) {
  const { today, nowHhmm } = restaurantClock(deps);
  const refusal = dateRefusal(date, role, today, calendarOf(settings)) ?? timeRefusal(date, startTime, today, nowHhmm);
  if (refusal) throw new AppError('date_not_bookable', refusal);
  if (outsideHours(date, startTime, settings.hours)) throw new AppError('invalid_time', fieldMessages.invalidTime);
}

export function checkPartySize(settings: RestaurantSettings, role: Role, partySize: number) {
  if (role !== 'guest') return;
  const { phone } = settings.details;
  if (partySize > GUEST_MAX_PARTY)
    throw new AppError('party_too_large', `For parties of 7 or more, please call us at ${phone}.`);
  if (partySize > guestMaxParty(settings.rules))
    throw new AppError('party_too_large', coversCapMessages.partyOverCap(settings.rules.maxCoversPerSeating, phone));
}

/** The admin's explicit tables: they must exist, be of the booking's seat type, be free, and seat the party. */
export function checkChosenTables(
  tables: Table[],
  booked: BookedReservation[],
  chosen: string[],
  booking: { seatType: SeatType; partySize: number; startTime: number; endTime: number },
  excludeId?: string,
) {
  const byId = new Map(tables.map((table) => [table.id, table]));
  const picked = chosen.map((id) => byId.get(id));
  if (picked.some((table) => !table)) throw new AppError('invalid_tables', tableMessages.invalidTableSelection);
  // Counter seats are booked as counter, floor tables as table: the seat type the book shows must be true.
  const ofType = new Set(candidateTables(tables, booking.seatType, 'admin').map((table) => table.id));
  if (chosen.some((id) => !ofType.has(id))) throw new AppError('invalid_tables', tableMessages.invalidTableSelection);
  const seats = seatsChosen(chosen, tables);
  const { partySize } = booking;
  if (!seatsEnough(seats, partySize))
    throw new AppError('not_enough_seats', tableMessages.seatsTooFew(seats, partySize));
  const free = new Set(freeTables(picked as Table[], booked, booking, excludeId).map((table) => table.id));
  if (chosen.some((id) => !free.has(id))) throw new AppError('slot_taken', bookingMessages.slotTaken);
}

/**
 * The tables for a booking's slot, read inside its writing transaction: the admin's choice, checked against
 * the book as it is now, or else the automatic assignment, over the tables in use (a retired one is never
 * chosen). A guest's party must also fit under the covers cap of its seating; under a cap, the bookings of one
 * date are counted one at a time (on SQLite they always are).
 */
export async function tablesForSlot({
  trx,
  deps,
  settings,
  role,
  booking,
  chosen,
  preferred,
  excludeReservationId,
}: {
  trx: Transaction<Database>;
  deps: ReservationDeps;
  settings: RestaurantSettings;
  role: Role;
  booking: { reservationDate: string; partySize: number; seatType: SeatType; startTime: number; endTime: number };
  chosen: string[] | undefined;
  /**
   * Where an automatic assignment looks first: the tables the copy gave a guest's booking, so that bookings let
   * in together do not all reach for the same best table (on PostgreSQL all but one would lose it and start
   * again). Used when the assignment can seat the party among them as the book is now. (Should a booking let in
   * beside it fail, a better table may come free meanwhile; this booking keeps the one it was given. Choosing
   * again against the bookings in flight at the transaction's time instead let two bookings collide on PostgreSQL
   * when one committed between the other's read and its choice.)
   */
  preferred?: string[] | undefined;
  excludeReservationId?: string | undefined;
}): Promise<string[]> {
  const { maxCoversPerSeating } = settings.rules;
  const capped = role === 'guest' && maxCoversPerSeating > 0;
  if (capped) await lockExclusive(trx, deps.config.database.dialect, LOCKS.coversOn(booking.reservationDate));
  const booked = await bookedOn(trx, booking.reservationDate);
  if (capped && seatingFull({ ...booking, booked, maxCoversPerSeating, excludeReservationId }))
    throw new AppError('slot_taken', coversCapMessages.seatingFull(maxCoversPerSeating));
  const tables = activeTables(settings.tables);
  if (chosen) {
    checkChosenTables(tables, booked, chosen, booking, excludeReservationId);
    return chosen;
  }
  const assign = (among: Table[]) =>
    assignForSlot({
      tables: among,
      booked,
      seatType: booking.seatType,
      role,
      partySize: booking.partySize,
      startTime: booking.startTime,
      excludeReservationId,
    });
  if (preferred) {
    const kept = assign(tables.filter((table) => preferred.includes(table.id)));
    if (kept.ok) return kept.tableIds;
  }
  const assignment = assign(tables);
  if (!assignment.ok) throw new AppError('slot_taken', assignment.message);
  return assignment.tableIds;
}

/**
 * The plain reasons the transaction would refuse a guest's booking of no chosen tables, judged from the given
 * settings and book (copies, for the pre-check in guest-admission.ts): its date, its party, or no table free
 * for it, in the words the transaction uses. Fair use and the covers cap are left to the transaction. Undefined
 * when the copies leave a table for it.
 */
export function plainRefusal(
  deps: ReservationDeps,
  settings: RestaurantSettings,
  booking: { reservationDate: string; partySize: number; seatType: SeatType; startTime: number },
  booked: BookedReservation[],
): AppError | undefined {
  try {
    // The date's and party's own refusals first, as the transaction says them.
    checkPartySize(settings, 'guest', booking.partySize);
    checkWhen(deps, settings, 'guest', booking.reservationDate, booking.startTime);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  const assignment = guestAssignment(settings, booking, booked);
  return assignment.ok ? undefined : new AppError('slot_taken', assignment.message);
}

/** The tables the automatic assignment would give a guest's booking over the given book, if any are free. */
export function guestAssignment(
  settings: RestaurantSettings,
  booking: { partySize: number; seatType: SeatType; startTime: number },
  booked: BookedReservation[],
) {
  return assignForSlot({
    tables: activeTables(settings.tables),
    booked,
    seatType: booking.seatType,
    role: 'guest',
    partySize: booking.partySize,
    startTime: booking.startTime,
  });
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

/** Where a booking was sent from: the client's address, as the server reads it (http/client-ip.ts). */
export interface BookingSource {
  address: string;
}

/** What a guest's reservation records of where it came from (the columns bookedFrom and bookedByNewAccount). */
export interface BookingMark {
  bookedFrom: string;
  bookedByNewAccount: number;
}

/**
 * Fair use (src/booking/fair-booking.ts): a guest's bookings and moves are checked against what the account
 * already holds, and, for an account under a day old on a network the owner does not trust, against what the
 * network's new accounts hold on that date; all read inside the writing transaction. On PostgreSQL the account's
 * row, and the network's date, are locked first, so two bookings racing for one limit are checked one after the
 * other (SQLite runs one transaction at a time). Returns what a guest's reservation records of its network; the
 * admin's bookings are the restaurant's own and record none.
 */
export async function checkFairBooking({
  trx,
  deps,
  settings,
  actor,
  wanted,
  isNew,
  source,
}: {
  trx: Transaction<Database>;
  deps: ReservationDeps;
  settings: RestaurantSettings;
  actor: Actor;
  wanted: { id: string; reservationDate: string; startTime: number; endTime: number };
  isNew: boolean;
  source: BookingSource;
}): Promise<BookingMark | undefined> {
  if (actor.role === 'admin') return undefined;
  const { dialect } = deps.config.database;
  const createdAt = await accountCreatedAt(trx, actor.userId, dialect === 'postgres');
  const { today, nowHhmm } = restaurantClock(deps);
  const own = await reservationsOf(trx, actor.userId, today);
  const refusal = fairBookingRefusal({ own, wanted, isNew, limits: settings.rules, today, nowHhmm });
  if (refusal) throw new AppError('booking_limit', refusal);

  const network = networkOf(source.address);
  const newAccount = isNewAccount(createdAt, deps.now());
  const trusted = inNetworks(
    source.address,
    settings.trustedNetworks.map((trustedNetwork) => trustedNetwork.network),
  );
  if (newAccount && !trusted && settings.rules.maxPerDate > 0) {
    await lockExclusive(trx, dialect, LOCKS.newAccountsOn(network, wanted.reservationDate));
    const heldByNewAccounts = await newAccountBookingsFrom(trx, network, wanted.reservationDate, wanted.id);
    const networkRefusal = newAccountNetworkRefusal({
      heldByNewAccounts,
      limits: settings.rules,
      phone: settings.details.phone,
    });
    if (networkRefusal) throw new AppError('booking_limit', networkRefusal);
  }
  return { bookedFrom: network, bookedByNewAccount: newAccount && !trusted ? 1 : 0 };
}

/** A guest's reservation is theirs to change until its seating begins; after that it is the restaurant's record. */
export function refuseIfBegun(deps: ReservationDeps, actor: Actor, reservation: Reservation) {
  const { today, nowHhmm } = restaurantClock(deps);
  if (actor.role !== 'admin' && hasBegun(reservation, today, nowHhmm)) throw new AppError('begun', BEGUN_MESSAGE);
}
