import type { Actor } from '../http/app-env';
import type { ReservationDeps } from './reservation-deps';
import { refuseIfBegun } from './booking-checks';
import { getReservation } from './get-reservation';

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
  refuseIfBegun(deps, actor, current);
  await deps.db.deleteFrom('reservations').where('id', '=', id).execute();
  deps.feed.publish({ type: 'deleted', id, reservationDate: current.reservationDate });
}
