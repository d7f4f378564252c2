import type { UpdateReservationInput } from '../../booking/reservation-schemas';
import type { Reservation } from '../../shared/reservation';

/** Edits are written as partial updates: only the fields that changed (SPEC sections 4 and 5). */
export function changedFields(current: Reservation, next: UpdateReservationInput): UpdateReservationInput {
  const changes: UpdateReservationInput = {};
  if (next.name !== current.name) changes.name = next.name;
  if (next.phoneNumber !== current.phoneNumber) changes.phoneNumber = next.phoneNumber;
  if (next.reservationDate !== current.reservationDate) changes.reservationDate = next.reservationDate;
  if (next.partySize !== current.partySize) changes.partySize = next.partySize;
  if (next.startTime !== current.startTime) changes.startTime = next.startTime;
  if (next.seatType !== undefined && next.seatType !== current.seatType) changes.seatType = next.seatType;
  if (next.reminderEmail !== current.reminderEmail) changes.reminderEmail = next.reminderEmail;
  if ((next.specialRequests ?? null) !== current.specialRequests)
    changes.specialRequests = next.specialRequests ?? null;
  return changes;
}

export function toFormValues(reservation: Reservation) {
  return {
    name: reservation.name,
    phone: reservation.phoneNumber.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1-$2-$3'),
    date: reservation.reservationDate,
    partySize: String(reservation.partySize),
    seatType: reservation.seatType,
    startTime: reservation.startTime,
    reminderEmail: reservation.reminderEmail,
    specialRequests: reservation.specialRequests ?? '',
  };
}
