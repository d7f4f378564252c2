import { tableNumber } from './assign-tables';

// The orders reservations are listed in (SPEC section 5), for server and screens alike.

interface Listed {
  reservationDate: string;
  startTime: number;
  /** Left out where a list never ties on date and time (a guest's own). */
  tableIds?: readonly string[];
}

const firstTable = ({ tableIds }: Listed) => (tableIds?.[0] ? tableNumber(tableIds[0]) : Number.MAX_SAFE_INTEGER);

/** A day's book: by start time, then first table. */
export const byStartThenTable = (a: Listed, b: Listed) => a.startTime - b.startTime || firstTable(a) - firstTable(b);

/** A guest's list, and the print report: soonest first (then first table). */
export const byDateThenStart = (a: Listed, b: Listed) =>
  a.reservationDate.localeCompare(b.reservationDate) || byStartThenTable(a, b);

/** Search results: newest date first, then latest start first. */
export const byDateDescThenStartDesc = (a: Listed, b: Listed) =>
  b.reservationDate.localeCompare(a.reservationDate) || b.startTime - a.startTime;
