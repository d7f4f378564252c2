import type { Actor } from '../http/app-env';
import { recordActivity } from '../activity/activity-store';
import type { ReservationDeps } from './reservation-deps';
import { deleteReservations } from './reservation-store';
import { minutesBeforeSeating } from './when-and-party';

/**
 * The admin cancels several reservations in one action (a group booked from one network by one person behind
 * many accounts), in one transaction: each is then gone from its guest's list as with any cancel, the activity
 * record keeps the cancel, and the live views are told of each. Ids already gone are left out of the answer.
 */
export async function cancelReservations({
  deps,
  actor,
  ids,
}: {
  deps: ReservationDeps;
  actor: Actor;
  ids: readonly string[];
}): Promise<{ cancelled: string[] }> {
  const removed = await deps.db.transaction().execute(async (trx) => {
    const gone = await deleteReservations(trx, ids);
    const at = deps.now().toISOString();
    for (const { id, ...facts } of gone) {
      await recordActivity(trx, {
        subject: { type: 'reservation', id, date: facts.reservationDate },
        at,
        actor,
        action: 'cancelled',
        before: facts,
        after: { minutesBeforeSeating: minutesBeforeSeating(deps, facts) },
      });
    }
    return gone;
  });
  for (const { id, reservationDate } of removed) deps.feed.publish({ type: 'deleted', id, reservationDate });
  return { cancelled: removed.map((reservation) => reservation.id) };
}
