import { assignTables, type Assignment } from './assign-tables';
import type { Role } from './booking-window';
import { endTimeFor, rangesOverlap } from './clock';
import type { RestaurantTable } from './restaurant-config';
import type { SeatType } from '../shared/seat-types';

// Which tables are free when, over plain data: the tables and the reservations of one date. No I/O.

export interface BookedReservation {
  id: string;
  tableIds: string[];
  startTime: number;
  endTime: number;
}

/** The tables a booking of this seat type may use: floor for 'table', counter for 'counter'; guests only reservable ones. */
export function candidateTables(tables: RestaurantTable[], seatType: SeatType, role: Role): RestaurantTable[] {
  const location = seatType === 'counter' ? 'counter' : 'floor';
  return tables.filter((table) => table.location === location && (role === 'admin' || table.isReservable));
}

/** Tables not held by any other reservation overlapping [startTime, endTime). */
export function freeTables<T extends { id: string }>(
  tables: T[],
  booked: BookedReservation[],
  slot: { startTime: number; endTime: number },
  excludeReservationId?: string,
): T[] {
  const held = new Set<string>();
  for (const reservation of booked) {
    if (reservation.id === excludeReservationId || !rangesOverlap(reservation, slot)) continue;
    for (const id of reservation.tableIds) held.add(id);
  }
  return tables.filter((table) => !held.has(table.id));
}

/** Automatic assignment for one slot, over the tables this role may use. */
export function assignForSlot(input: {
  tables: RestaurantTable[];
  booked: BookedReservation[];
  seatType: SeatType;
  role: Role;
  partySize: number;
  startTime: number;
  excludeReservationId?: string | undefined;
}): Assignment {
  const slot = { startTime: input.startTime, endTime: endTimeFor(input.startTime) };
  const free = freeTables(
    candidateTables(input.tables, input.seatType, input.role),
    input.booked,
    slot,
    input.excludeReservationId,
  );
  return assignTables(input.seatType, free, input.partySize);
}

/** The seatings at which the party can be seated automatically. */
export function availableStartTimes(input: {
  tables: RestaurantTable[];
  booked: BookedReservation[];
  seatType: SeatType;
  role: Role;
  partySize: number;
  seatings: number[];
  excludeReservationId?: string | undefined;
}): number[] {
  return input.seatings.filter((startTime) => assignForSlot({ ...input, startTime }).ok);
}
