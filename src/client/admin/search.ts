import type { Reservation } from '../reservations/use-reservation-api';

/** Case-insensitive substring match on name or reminder email (SPEC section 5, Search); empty text finds nothing. */
export function searchReservations(all: Reservation[], text: string): Reservation[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return all
    .filter((r) => r.name.toLowerCase().includes(needle) || r.reminderEmail.toLowerCase().includes(needle))
    .sort((a, b) => b.reservationDate.localeCompare(a.reservationDate) || b.startTime - a.startTime);
}
