import { endTimeFor } from '../../booking/clock';
import type { CreateReservationInput } from '../../booking/reservation-schemas';
import * as tableMessages from '../../shared/messages/table-choice';
import type { Reservation } from '../../shared/reservation';
import type { Actor } from '../http/app-env';
import { AppError } from '../http/errors';
import { bookAndPublish, type BookingRequest } from './book-slot';
import type { BookingSource } from './fair-use-checks';
import { admitGuestBooking } from './guest-admission';
import type { ReservationDeps } from './reservation-deps';
import { earlierBooking } from './resent-booking';

/**
 * A new reservation. A resend of one already made gets it back (resent-booking.ts); the admin's bookings, and any
 * with chosen tables, go straight to their transaction (book-slot.ts); a guest's goes when the book has room for
 * it (guest-admission.ts).
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
  const resent = await earlierBooking({ deps, actor, input });
  if (resent) return resent;
  const request: BookingRequest = {
    deps,
    actor,
    input,
    source,
    slot: { startTime: input.startTime, endTime: endTimeFor(input.startTime) },
  };
  const book = (preferred?: string[]) => bookAndPublish(request, preferred);
  if (actor.role !== 'guest' || input.tableIds) return book();
  return admitGuestBooking({ ...request, book, resent: () => earlierBooking(request) });
}
