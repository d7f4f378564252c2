import type { Actor } from '../http/app-env';
import { bookedFactsOf, recordActivity } from '../activity/activity-store';
import type { ReservationDeps } from './reservation-deps';
import { minutesBeforeSeating, refuseIfBegun } from './when-and-party';
import { getReservation } from './get-reservation';
import { deleteReservation } from './reservation-store';

/** A cancel: the reservation leaves the book; the activity record keeps who cancelled, and how long before. */
export async function cancelReservation({
  deps,
  actor,
  id,
}: {
  deps: ReservationDeps;
  actor: Actor;
  id: string;
}): Promise<void> {
  const current = await getReservation({ deps, actor, id });
  refuseIfBegun({ deps, actor, reservation: current });
  const removed = await deps.db.transaction().execute(async (trx) => {
    // Two cancels at once (a double click, two admins): the one that removed it records it.
    if (!(await deleteReservation(trx, id))) return false;
    await recordActivity(trx, {
      subject: { type: 'reservation', id, date: current.reservationDate },
      at: deps.now().toISOString(),
      actor,
      action: 'cancelled',
      before: bookedFactsOf(current),
      after: { minutesBeforeSeating: minutesBeforeSeating(deps, current) },
    });
    return true;
  });
  if (removed) deps.feed.publish({ type: 'deleted', id, reservationDate: current.reservationDate });
}
