import { hasBegun } from '../../booking/booking-window';

type Dated = { reservationDate: string; startTime: number };

/**
 * My Reservations' two lists: the reservations still to come, soonest first, and those whose seating has begun
 * (the guest's list reaches 7 days back), latest first.
 */
export function upcomingAndPast<R extends Dated>(
  reservations: readonly R[],
  today: string,
  nowHhmm: number,
): { upcoming: R[]; past: R[] } {
  const soonestFirst = (a: Dated, b: Dated) =>
    a.reservationDate.localeCompare(b.reservationDate) || a.startTime - b.startTime;
  return {
    upcoming: reservations.filter((r) => !hasBegun(r, today, nowHhmm)).sort(soonestFirst),
    past: reservations.filter((r) => hasBegun(r, today, nowHhmm)).sort((a, b) => soonestFirst(b, a)),
  };
}
