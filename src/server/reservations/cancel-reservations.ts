import type { ReservationDeps } from './reservation-deps';
import { deleteReservations } from './reservation-store';

/**
 * The admin cancels several reservations in one action (a group booked from one network by one person behind
 * many accounts), in one statement: each is then gone from its guest's list as with any cancel, and the live
 * views are told of each. Ids already gone are left out of the answer.
 */
export async function cancelReservations({
  deps,
  ids,
}: {
  deps: ReservationDeps;
  ids: readonly string[];
}): Promise<{ cancelled: string[] }> {
  const removed = await deleteReservations(deps.db, ids);
  for (const { id, reservationDate } of removed) deps.feed.publish({ type: 'deleted', id, reservationDate });
  return { cancelled: removed.map((reservation) => reservation.id) };
}
