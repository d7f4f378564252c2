import type { Transaction } from 'kysely';
import { hasBegun } from '../../booking/booking-window';
import { byDateThenStart } from '../../booking/sort-orders';
import type { Database } from '../db/schema';
import { reservationIdsOnTable, reservationsDated } from '../book/book-reads';
import type { Reservation } from '../../shared/reservation';

// Which reservations a settings change would touch: those that have not begun (past ones are the record and
// keep what they had). Read inside the change's transaction, after the lock that bookings wait for.

export interface RestaurantNow {
  today: string;
  nowHhmm: number;
}

/** The reservations that have not begun, dated within the range (both ends included), soonest first. */
export async function upcomingReservations(
  trx: Transaction<Database>,
  now: RestaurantNow,
  range: { from?: string; to?: string } = {},
): Promise<Reservation[]> {
  const from = range.from && range.from > now.today ? range.from : now.today;
  const rows = await reservationsDated(trx, { from, ...(range.to ? { to: range.to } : {}) });
  return rows.filter((reservation) => !hasBegun(reservation, now.today, now.nowHhmm)).sort(byDateThenStart);
}

/** The upcoming reservations that hold a table. */
export async function upcomingOnTable(trx: Transaction<Database>, now: RestaurantNow, tableId: string) {
  const ids = await reservationIdsOnTable(trx, tableId, now.today);
  if (ids.size === 0) return [];
  return (await upcomingReservations(trx, now)).filter((reservation) => ids.has(reservation.id));
}
