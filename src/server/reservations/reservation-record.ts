import type { Selectable } from 'kysely';
import type { ReservationsTable } from '../db/schema';
import { tableNumber } from '../../booking/assign-tables';

/** A reservation on the wire: the spec's fields and names (SPEC section 3). */
export interface Reservation {
  id: string;
  tableIds: string[];
  startTime: number;
  endTime: number;
  reservationDate: string;
  email: string;
  reminderEmail: string;
  partySize: number;
  name: string;
  phoneNumber: string;
  seatType: 'table' | 'counter';
  specialRequests: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A stored row as the wire has it: the spec's fields only (the reminder's bookkeeping stays in the database). */
export function toReservation({
  reminderSentFor: _reminderBookkeeping,
  ...row
}: Selectable<ReservationsTable>): Reservation {
  return {
    ...row,
    tableIds: JSON.parse(row.tableIds) as string[],
    startTime: Number(row.startTime),
    endTime: Number(row.endTime),
    partySize: Number(row.partySize),
  };
}

const firstTable = (reservation: Reservation) =>
  reservation.tableIds[0] ? tableNumber(reservation.tableIds[0]) : Number.MAX_SAFE_INTEGER;

/** A day's book: by start time, then first table. */
export const byStartThenTable = (a: Reservation, b: Reservation) =>
  a.startTime - b.startTime || firstTable(a) - firstTable(b);

/** A guest's list: soonest first. */
export const byDateThenStart = (a: Reservation, b: Reservation) =>
  a.reservationDate.localeCompare(b.reservationDate) || a.startTime - b.startTime;

/** Search results: newest date first, then latest start first (SPEC section 5, Search). */
export const byDateDescThenStartDesc = (a: Reservation, b: Reservation) =>
  b.reservationDate.localeCompare(a.reservationDate) || b.startTime - a.startTime;
