import { candidateTables, freeTables } from '../../booking/availability';
import { isIsoDate } from '../../booking/calendar';
import { endTimeFor } from '../../booking/clock';
import { activeTables, type Table } from '../../booking/restaurant-settings';
import type { SeatType } from '../../shared/seat-types';
import type { ReservationDeps } from './reservation-deps';

/** The admin's seat picker: every table in use of the seat type free for the slot, reservable or not. */
export async function findAvailableTables({
  deps,
  query,
}: {
  deps: ReservationDeps;
  query: { date: string; startTime: number; seatType: SeatType; excludeReservationId?: string | undefined };
}): Promise<Table[]> {
  if (!isIsoDate(query.date)) return [];
  const tables = activeTables(deps.settings.current().tables);
  const booked = await deps.booked.get(query.date);
  const slot = { startTime: query.startTime, endTime: endTimeFor(query.startTime) };
  return freeTables(candidateTables(tables, query.seatType, 'admin'), booked, slot, query.excludeReservationId);
}
