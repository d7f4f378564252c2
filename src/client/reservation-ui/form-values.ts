import { formatPhoneInput } from '../../booking/phone';
import type { Reservation } from '../../shared/reservation';
import type { ReservationFormValues } from './use-reservation-form-state';

/** An existing reservation as the edit form starts from it. */
export const toFormValues = (reservation: Reservation): ReservationFormValues => ({
  name: reservation.name,
  phoneNumber: formatPhoneInput(reservation.phoneNumber),
  reservationDate: reservation.reservationDate,
  partySize: String(reservation.partySize),
  seatType: reservation.seatType,
  startTime: reservation.startTime,
  reminderEmail: reservation.reminderEmail,
  specialRequests: reservation.specialRequests ?? '',
});
