import { assignTables, type Assignment } from './assign-tables';
import type { Role } from './booking-window';
import { endTimeFor, rangesOverlap } from './clock';
import type { Table } from './restaurant-settings';
import type { SeatType } from '../shared/seat-types';

// Which tables are free when, over plain data: the tables and the reservations of one date. No I/O.

export interface BookedReservation {
  id: string;
  tableIds: string[];
  startTime: number;
  endTime: number;
  partySize: number;
  /** A seat block of the host's, not a party: nothing is offered or assigned over it; the admin may choose it. */
  blocked?: boolean;
}

/** The tables a booking of this seat type may use: floor for 'table', counter for 'counter'; guests only reservable ones. */
export function candidateTables(tables: Table[], seatType: SeatType, role: Role): Table[] {
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
  tables: Table[];
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

/** Guests who start dinner at a seating (its covers), the reservation being moved excepted. */
export function coversAt(booked: BookedReservation[], startTime: number, excludeReservationId?: string): number {
  return booked
    .filter((reservation) => reservation.startTime === startTime && reservation.id !== excludeReservationId)
    .reduce((sum, reservation) => sum + reservation.partySize, 0);
}

/**
 * Whether a party would take a seating past the kitchen's cap on covers (0: no cap). The cap is the owner's
 * rule for guests booking online; the admin may seat beyond it, as with tables guests cannot book.
 */
export function seatingFull(input: {
  booked: BookedReservation[];
  startTime: number;
  partySize: number;
  maxCoversPerSeating: number;
  excludeReservationId?: string | undefined;
}): boolean {
  if (input.maxCoversPerSeating <= 0) return false;
  return (
    coversAt(input.booked, input.startTime, input.excludeReservationId) + input.partySize > input.maxCoversPerSeating
  );
}

/** The seatings at which the party can be seated automatically, within the covers cap (pass 0 for none). */
export function availableStartTimes(input: {
  tables: Table[];
  booked: BookedReservation[];
  seatType: SeatType;
  role: Role;
  partySize: number;
  seatings: number[];
  maxCoversPerSeating: number;
  excludeReservationId?: string | undefined;
}): number[] {
  return input.seatings.filter(
    (startTime) => !seatingFull({ ...input, startTime }) && assignForSlot({ ...input, startTime }).ok,
  );
}
