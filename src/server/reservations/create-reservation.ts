import * as tableMessages from '../../shared/messages/table-choice';
import { randomUUID } from 'node:crypto';
import { endTimeFor } from '../../booking/clock';
import type { CreateReservationInput } from '../../booking/reservation-schemas';
import type { Actor } from '../http/app-env';
import { AppError } from '../http/errors';
import type { Reservation } from '../../shared/reservation';
import { findReservation, insertReservation } from './reservation-store';
import type { ReservationDeps } from './reservation-deps';
import {
  ASSIGNMENT_ATTEMPTS,
  checkWhen,
  checkPartySize,
  tablesForSlot,
  withHoldRetry,
  checkFairBooking,
  plainRefusal,
  guestAssignment,
  type BookingSource,
} from './booking-checks';

/**
 * The account a new reservation belongs to (docs/decisions/0015-the-admins-bookings.md): a guest's, their own; the
 * admin's, the owner's own only when its reminder goes to the admin's address (the owner's own dinner). A booking
 * the admin makes for a caller belongs to no account, so the owner's My Reservations holds the owner's dinners.
 */
export const bookingOwner = (actor: Actor, reminderEmail: string): string | null =>
  actor.role !== 'admin' || reminderEmail.trim().toLowerCase() === actor.email ? actor.userId : null;

/**
 * A booking sent again with the id of a reservation that exists: the same booking (a resend after a lost
 * answer) gets that reservation back, anything else is refused. Checked before the rules, as a resend may
 * come after its seating has begun.
 */
export async function earlierBooking(
  deps: ReservationDeps,
  actor: Actor,
  input: CreateReservationInput,
): Promise<Reservation | undefined> {
  if (!input.id) return undefined;
  const found = await findReservation(deps.db, input.id);
  if (!found) return undefined;
  const earlier = found.reservation;
  const same =
    found.ownerId === bookingOwner(actor, input.reminderEmail) &&
    earlier.reservationDate === input.reservationDate &&
    earlier.startTime === input.startTime &&
    earlier.partySize === input.partySize &&
    earlier.seatType === input.seatType &&
    earlier.name === input.name &&
    earlier.phoneNumber === input.phoneNumber &&
    earlier.reminderEmail === input.reminderEmail &&
    earlier.specialRequests === (input.specialRequests ?? null) &&
    (!input.tableIds || input.tableIds.join() === earlier.tableIds.join());
  if (!same) throw new AppError('conflict', 'This reservation has already been made. Please refresh the page.');
  return earlier;
}

/**
 * A guest's booking (no tables chosen) is first checked against the copies availability reads (the settings and
 * the date's book, booked-cache.ts). On a release night most bookings are of a time another guest took a moment
 * before: each opened a transaction of ten round trips only to be refused, and that queue was most of the wait.
 * So a booking goes on to its transaction only while the copy, with the bookings already in their transactions
 * here counted as made (bookings-in-flight.ts), leaves a table for it, and it goes for that table. Otherwise it
 * waits until one of those overlapping its time ends, and looks again. (A line per date, each booking's
 * transaction after the last, was tried before this and showed no gain in the release bench: docs/benchmarks.md.)
 *
 * The copies may be a few milliseconds behind a change made on another instance: before a refusal is said, the
 * settings are brought up to the database's version and the date's book is read from the database (reads that
 * begin after this booking asked, shared with the others refused at that moment), and the checks run again, so a
 * rule loosened or a table freed elsewhere applies at once. What they let through, the transaction decides. The
 * admin's bookings, and any with chosen tables, go straight to their transaction.
 */
export async function createReservation({
  deps,
  actor,
  input,
  source,
}: {
  deps: ReservationDeps;
  actor: Actor;
  input: CreateReservationInput;
  source: BookingSource;
}): Promise<Reservation> {
  if (input.tableIds && actor.role !== 'admin') throw new AppError('forbidden', tableMessages.invalidTableSelection);
  const resent = await earlierBooking(deps, actor, input);
  if (resent) return resent;
  const slot = { startTime: input.startTime, endTime: endTimeFor(input.startTime) };
  const book = (preferred?: string[]) => bookAndPublish(deps, actor, input, source, slot, preferred);
  if (actor.role !== 'guest' || input.tableIds) return book();

  const date = input.reservationDate;
  for (;;) {
    const madeBefore = deps.inFlight.madeCount();
    const copy = await deps.booked.get(date);
    const settings = deps.settings.current();
    if (plainRefusal(deps, settings, input, copy)) break;
    // A booking made here while the copy was read may be in neither it nor the bookings in flight: read again.
    if (deps.inFlight.madeCount() !== madeBefore) continue;
    const place = guestAssignment(settings, input, [...copy, ...deps.inFlight.on(date)]);
    if (place.ok) {
      const end = deps.inFlight.enter(date, {
        id: input.id ?? randomUUID(),
        tableIds: place.tableIds,
        ...slot,
        partySize: input.partySize,
      });
      let made = false;
      try {
        const created = await book(place.tableIds);
        made = true;
        return created;
      } finally {
        end(made);
      }
    }
    await deps.inFlight.mayHaveRoom(date, slot);
  }

  const [, booked] = await Promise.all([deps.settings.refresh(), deps.booked.getFresh(date)]);
  // The same booking sent twice at once: the copy refused for the time the other took finds its reservation.
  if (input.id && booked.some((reservation) => reservation.id === input.id)) {
    const resentMeanwhile = await earlierBooking(deps, actor, input);
    if (resentMeanwhile) return resentMeanwhile;
  }
  const refusal = plainRefusal(deps, deps.settings.current(), input, booked);
  if (refusal) throw refusal;
  return book();
}

/** The booking's transaction (retried when a concurrent booking took its table first), then the feed told. */
async function bookAndPublish(
  deps: ReservationDeps,
  actor: Actor,
  input: CreateReservationInput,
  source: BookingSource,
  slot: { startTime: number; endTime: number },
  preferred?: string[],
) {
  let created: Reservation;
  try {
    created = await withHoldRetry(
      () => bookSlot(deps, actor, input, source, slot, preferred),
      input.tableIds ? 1 : ASSIGNMENT_ATTEMPTS,
    );
  } catch (error) {
    // The same booking sent twice at once: the copy whose insert lost to the other's answers as a resend.
    const resentMeanwhile = await earlierBooking(deps, actor, input);
    if (resentMeanwhile) return resentMeanwhile;
    throw error;
  }
  deps.feed.publish({ type: 'created', reservation: created });
  return created;
}

/**
 * One attempt at a booking: checked against the owner's settings as this transaction reads them, the tables
 * chosen or assigned from the book as it is now, written with their holds.
 */
export function bookSlot(
  deps: ReservationDeps,
  actor: Actor,
  input: CreateReservationInput,
  source: BookingSource,
  slot: { startTime: number; endTime: number },
  preferred?: string[],
): Promise<Reservation> {
  return deps.db.transaction().execute(async (trx) => {
    const settings = await deps.settings.forWrite(trx);
    checkPartySize(settings, actor.role, input.partySize);
    checkWhen(deps, settings, actor.role, input.reservationDate, input.startTime);
    const id = input.id ?? randomUUID();
    const mark = await checkFairBooking({
      trx,
      deps,
      settings,
      actor,
      wanted: { id, reservationDate: input.reservationDate, ...slot },
      isNew: true,
      source,
    });
    const tableIds = await tablesForSlot({
      trx,
      deps,
      settings,
      role: actor.role,
      booking: { ...input, ...slot },
      chosen: input.tableIds,
      preferred,
    });
    const stamp = deps.now().toISOString();
    const reservation: Reservation = {
      id,
      tableIds,
      ...slot,
      reservationDate: input.reservationDate,
      email: actor.email,
      reminderEmail: input.reminderEmail,
      partySize: input.partySize,
      name: input.name,
      phoneNumber: input.phoneNumber,
      seatType: input.seatType,
      specialRequests: input.specialRequests ?? null,
      createdAt: stamp,
      updatedAt: stamp,
    };
    await insertReservation(trx, reservation, bookingOwner(actor, input.reminderEmail), mark);
    return reservation;
  });
}
