import { sameEditableFields } from '../../booking/editable-fields';
import type { CreateReservationInput } from '../../booking/reservation-schemas';
import type { Reservation } from '../../shared/reservation';
import type { Actor } from '../http/app-env';
import { AppError } from '../http/errors';
import type { ReservationDeps } from './reservation-deps';

/**
 * The account a new reservation belongs to (docs/decisions/0015-the-admins-bookings.md): a guest's, their own; the
 * admin's, the owner's own only when its reminder goes to the admin's address (the owner's own dinner). A booking
 * the admin makes for a caller belongs to no account, so the owner's My Reservations holds the owner's dinners.
 */
export const bookingOwner = (actor: Actor, reminderEmail: string): string | null =>
  actor.role !== 'admin' || reminderEmail.trim().toLowerCase() === actor.email ? actor.userId : null;

/**
 * A booking sent again with the id of a reservation that exists (docs/decisions/0005): the same booking, a resend
 * after a lost answer, gets that reservation back; anything else is refused. Checked before the rules, as a resend
 * may come after its seating has begun.
 */
export async function earlierBooking({
  deps,
  actor,
  input,
}: {
  deps: ReservationDeps;
  actor: Actor;
  input: CreateReservationInput;
}): Promise<Reservation | undefined> {
  if (!input.id) return undefined;
  const found = await deps.reservationById(input.id);
  if (!found) return undefined;
  const earlier = found.reservation;
  const same =
    found.ownerId === bookingOwner(actor, input.reminderEmail) &&
    sameEditableFields(earlier, { ...input, specialRequests: input.specialRequests ?? null }) &&
    (!input.tableIds || input.tableIds.join() === earlier.tableIds.join());
  if (!same) throw new AppError('conflict', 'This reservation has already been made. Please refresh the page.');
  return earlier;
}
