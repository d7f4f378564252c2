import { availableStartTimes } from '../../booking/availability';
import { dateRefusalReason, timeRefusal, type DateRefusalReason } from '../../booking/booking-window';
import { seatingTimes } from '../../booking/seatings';
import type { Actor } from '../http/app-env';
import type { SeatType } from '../../shared/seat-types';
import { bookedOn, loadTables } from './reservation-store';
import { type ReservationDeps, restaurantClock } from './reservation-deps';

/**
 * The seatings of a date at which the party can be seated; for a date that cannot be booked at all, none, and
 * the rule that refuses it (so the page can say why rather than "no times").
 */
export async function findAvailableTimes({
  deps,
  actor,
  query,
}: {
  deps: ReservationDeps;
  actor: Actor;
  query: { date: string; partySize: number; seatType: SeatType; excludeReservationId?: string | undefined };
}): Promise<{ times: number[]; refusal?: DateRefusalReason }> {
  const { today, nowHhmm } = restaurantClock(deps);
  const refusal = dateRefusalReason(query.date, actor.role, today, deps.config.restaurant.closedDates);
  if (refusal) return { times: [], refusal };
  const [tables, booked] = await Promise.all([loadTables(deps.db), bookedOn(deps.db, query.date)]);
  const seatings = seatingTimes(deps.config.restaurant.seatings).filter(
    (time) => !timeRefusal(query.date, time, today, nowHhmm),
  );
  const times = availableStartTimes({
    tables,
    booked,
    seatType: query.seatType,
    role: actor.role,
    partySize: query.partySize,
    seatings,
    excludeReservationId: query.excludeReservationId,
  });
  return { times };
}
