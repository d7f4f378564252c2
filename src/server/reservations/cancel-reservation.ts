import type { Actor } from '../http/app-env';
import type { ReservationDeps } from './reservation-deps';
import { refuseIfBegun } from './when-and-party';
import { getReservation } from './get-reservation';
import { deleteReservation } from './reservation-store';

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
  await deleteReservation(deps.db, id);
  deps.feed.publish({ type: 'deleted', id, reservationDate: current.reservationDate });
}
