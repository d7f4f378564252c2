import { byDateDescThenStartDesc } from '../../booking/sort-orders';
import type { Reservation } from '../../shared/reservation';

/**
 * Case-insensitive substring match on name or reminder email (SPEC section 5, Search), and on the account email
 * each card shows, so an address read off a card finds it; empty text finds nothing.
 */
export function searchReservations<R extends Reservation>(all: R[], text: string): R[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return all
    .filter((r) => [r.name, r.reminderEmail, r.email].some((field) => field.toLowerCase().includes(needle)))
    .sort(byDateDescThenStartDesc);
}
