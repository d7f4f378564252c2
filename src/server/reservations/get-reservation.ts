import type { Actor } from '../http/app-env';
import type { Reservation } from '../../shared/reservation';
import { findVisibleReservation } from './reservation-store';
import type { ReservationDeps } from './reservation-deps';
import { notFound } from './when-and-party';

/** The reservation if this actor may see it; another guest's reservation is "not found", never shown. */
export async function getReservation({
  deps,
  actor,
  id,
}: {
  deps: ReservationDeps;
  actor: Actor;
  id: string;
}): Promise<Reservation> {
  const reservation = await findVisibleReservation(deps.db, actor, id);
  if (!reservation) throw notFound();
  return reservation;
}
