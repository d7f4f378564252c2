import { hasBegun } from '../../booking/booking-window';
import { byDateThenStart } from '../../booking/sort-orders';

type Dated = { reservationDate: string; startTime: number; tableIds?: readonly string[] };

/**
 * My Reservations' two lists: the reservations still to come, soonest first, and those whose seating has begun
 * (the guest's list reaches 7 days back), latest first.
 */
export function upcomingAndPast<R extends Dated>(
  reservations: readonly R[],
  today: string,
  nowHhmm: number,
): { upcoming: R[]; past: R[] } {
  return {
    upcoming: reservations.filter((r) => !hasBegun(r, today, nowHhmm)).sort(byDateThenStart),
    past: reservations.filter((r) => hasBegun(r, today, nowHhmm)).sort((a, b) => byDateThenStart(b, a)),
  };
}
