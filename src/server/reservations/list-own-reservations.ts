import { addDays } from '../../booking/calendar';
import type { Actor } from '../http/app-env';
import type { Reservation } from '../../shared/reservation';
import { byDateThenStart } from '../../booking/sort-orders';
import { reservationsOf } from './reservation-store';
import type { ReservationDeps } from './reservation-deps';
import { restaurantClock } from '../restaurant-clock';

/** Guests see only their own reservations dated from 7 days ago (SPEC section 6). */
export const GUEST_LIST_DAYS_BACK = 7;

export async function listOwnReservations({
  deps,
  actor,
}: {
  deps: ReservationDeps;
  actor: Actor;
}): Promise<Reservation[]> {
  const { today } = restaurantClock(deps);
  const own = await reservationsOf(deps.db, actor.userId, addDays(today, -GUEST_LIST_DAYS_BACK));
  return own.sort(byDateThenStart);
}
