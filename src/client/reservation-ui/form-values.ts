import type { Reservation } from '../../shared/reservation';

/** An existing reservation as the edit form starts from it. */
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
