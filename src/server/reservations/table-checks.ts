import * as bookingMessages from '../../shared/messages/booking';
import * as tableMessages from '../../shared/messages/table-choice';
import type { Transaction } from 'kysely';
import {
  assignForSlot,
  candidateTables,
  freeTables,
  seatingFull,
  type BookedReservation,
} from '../../booking/availability';
import type { Role } from '../../booking/booking-window';
import { coversCapMessages } from '../../booking/party-size';
import { activeTables, type RestaurantSettings, type Table } from '../../booking/restaurant-settings';
import { seatsChosen, seatsEnough } from '../../booking/table-choice';
import type { SeatType } from '../../shared/seat-types';
import { lockExclusive, LOCKS } from '../db/advisory-locks';
import type { Database } from '../db/schema';
import { AppError } from '../http/errors';
import type { ReservationDeps } from './reservation-deps';
import { isHoldConflict } from '../db/hold-conflict';
import { bookedOn } from './reservation-store';
import { checkPartySize, checkWhen } from './when-and-party';

// Which tables: the admin's choice checked, or the automatic assignment (src/booking/availability.ts), over the
// book as the writing transaction reads it; the covers cap; and the database's last word on a table held twice.
// `plainRefusal` alone judges from copies, for the pre-check before a guest's transaction (guest-admission.ts).

/** Attempts at an automatic assignment when a concurrent booking took the chosen table first. */
export const ASSIGNMENT_ATTEMPTS = 3;

/** The admin's explicit tables: they must exist, be of the booking's seat type, be free, and seat the party. */
export function checkChosenTables({
  tables,
  booked,
  chosen,
  booking,
  excludeId,
}: {
  tables: Table[];
  booked: BookedReservation[];
  chosen: string[];
  booking: { seatType: SeatType; partySize: number; startTime: number; endTime: number };
  excludeId?: string | undefined;
}) {
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
  // The admin may choose a table the host blocked: the block gives way to this reservation (writeHolds).
  const parties = booked.filter((held) => !held.blocked);
  const free = new Set(freeTables(picked as Table[], parties, booking, excludeId).map((table) => table.id));
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
  deps: Pick<ReservationDeps, 'config'>;
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
    checkChosenTables({ tables, booked, chosen, booking, excludeId: excludeReservationId });
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
export function plainRefusal({
  deps,
  settings,
  booking,
  booked,
}: {
  deps: Pick<ReservationDeps, 'config' | 'now'>;
  settings: RestaurantSettings;
  booking: { reservationDate: string; partySize: number; seatType: SeatType; startTime: number };
  booked: BookedReservation[];
}): AppError | undefined {
  try {
    // The date's and party's own refusals first, as the transaction says them.
    checkPartySize({ settings, role: 'guest', partySize: booking.partySize });
    checkWhen({ deps, settings, role: 'guest', date: booking.reservationDate, startTime: booking.startTime });
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  const assignment = guestAssignment({ settings, booking, booked });
  return assignment.ok ? undefined : new AppError('slot_taken', assignment.message);
}

/** The tables the automatic assignment would give a guest's booking over the given book, if any are free. */
export function guestAssignment({
  settings,
  booking,
  booked,
}: {
  settings: RestaurantSettings;
  booking: { partySize: number; seatType: SeatType; startTime: number };
  booked: BookedReservation[];
}) {
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
