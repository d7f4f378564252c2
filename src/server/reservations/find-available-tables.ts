import { candidateTables, freeTables } from '../../booking/availability';
import { isIsoDate } from '../../booking/calendar';
import { endTimeFor } from '../../booking/clock';
import type { RestaurantTable } from '../../booking/restaurant-config';
import type { SeatType } from '../../shared/seat-types';
import { bookedOn, loadTables } from './reservation-store';
import type { ReservationDeps } from './reservation-deps';

/** The admin's seat picker: every table of the seat type free for the slot, reservable or not. */
export async function findAvailableTables({
  deps,
  query,
}: {
  deps: ReservationDeps;
  query: { date: string; startTime: number; seatType: SeatType; excludeReservationId?: string | undefined };
}): Promise<RestaurantTable[]> {
  if (!isIsoDate(query.date)) return [];
  const [tables, booked] = await Promise.all([loadTables(deps.db), bookedOn(deps.db, query.date)]);
  const slot = { startTime: query.startTime, endTime: endTimeFor(query.startTime) };
  return freeTables(candidateTables(tables, query.seatType, 'admin'), booked, slot, query.excludeReservationId);
}
