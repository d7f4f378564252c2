import { randomUUID } from 'node:crypto';
import type { CreateReservationInput } from '../../booking/reservation-schemas';
import type { Reservation } from '../../shared/reservation';
import type { Actor } from '../http/app-env';
import { checkFairBooking, type BookingSource } from './fair-use-checks';
import { ASSIGNMENT_ATTEMPTS, tablesForSlot, withHoldRetry } from './table-checks';
import { checkPartySize, checkWhen } from './when-and-party';
import type { ReservationDeps } from './reservation-deps';
import { insertReservation } from './reservation-store';
import { bookedFactsOf, recordActivity } from '../activity/activity-store';
import { bookingOwner, earlierBooking } from './resent-booking';

/** A booking as its transaction takes it: who asks, what, from where, and its seating's start and end. */
export interface BookingRequest {
  deps: ReservationDeps;
  actor: Actor;
  input: CreateReservationInput;
  source: BookingSource;
  slot: { startTime: number; endTime: number };
}

/** The booking's transaction (retried when a concurrent booking took its table first), then the feed told. */
export async function bookAndPublish(request: BookingRequest, preferred?: string[]): Promise<Reservation> {
  let created: Reservation;
  try {
    created = await withHoldRetry(() => bookSlot(request, preferred), request.input.tableIds ? 1 : ASSIGNMENT_ATTEMPTS);
  } catch (error) {
    // The same booking sent twice at once: the copy whose insert lost to the other's answers as a resend.
    const resentMeanwhile = await earlierBooking(request);
    if (resentMeanwhile) return resentMeanwhile;
    throw error;
  }
  request.deps.feed.publish({ type: 'created', reservation: created });
  return created;
}

/**
 * One attempt at a booking: checked against the owner's settings as this transaction reads them, the tables
 * chosen or assigned from the book as it is now, written with their holds.
 */
function bookSlot({ deps, actor, input, source, slot }: BookingRequest, preferred?: string[]): Promise<Reservation> {
  return deps.db.transaction().execute(async (trx) => {
    const settings = await deps.settings.forWrite(trx);
    checkPartySize({ settings, role: actor.role, partySize: input.partySize });
    checkWhen({ deps, settings, role: actor.role, date: input.reservationDate, startTime: input.startTime });
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
    // Tables the admin chose may be over a seat block, which gives way (only the admin chooses tables).
    await insertReservation(trx, reservation, bookingOwner(actor, input.reminderEmail), mark, Boolean(input.tableIds));
    await recordActivity(trx, {
      subject: { type: 'reservation', id, date: input.reservationDate },
      at: stamp,
      actor,
      action: 'created',
      before: null,
      after: bookedFactsOf(reservation),
    });
    return reservation;
  });
}
