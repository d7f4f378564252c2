import { candidateTables, freeTables } from '../../booking/availability';
import { isIsoDate } from '../../booking/calendar';
import { endTimeFor, rangesOverlap } from '../../booking/clock';
import { activeTables, type Table } from '../../booking/restaurant-settings';
import type { SeatType } from '../../shared/seat-types';
import type { ReservationDeps } from './reservation-deps';

/**
 * The admin's seat picker: every table in use of the seat type free for the slot, reservable or not; a table the
 * host blocked then is offered too, marked blocked (the admin may book it; the block gives way).
 */
export async function findAvailableTables({
  deps,
  query,
}: {
  deps: ReservationDeps;
  query: { date: string; startTime: number; seatType: SeatType; excludeReservationId?: string | undefined };
}): Promise<(Table & { blocked?: boolean })[]> {
  if (!isIsoDate(query.date)) return [];
  const tables = activeTables(deps.settings.current().tables);
  const held = await deps.booked.get(query.date);
  const slot = { startTime: query.startTime, endTime: endTimeFor(query.startTime) };
  const parties = held.filter((entry) => !entry.blocked);
  const free = freeTables(candidateTables(tables, query.seatType, 'admin'), parties, slot, query.excludeReservationId);
  const blocked = new Set(
    held.filter((entry) => entry.blocked && rangesOverlap(entry, slot)).flatMap((entry) => entry.tableIds),
  );
  return free.map((table) => (blocked.has(table.id) ? { ...table, blocked: true } : table));
}
