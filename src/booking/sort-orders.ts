import { tableNumber } from './assign-tables';

// The orders reservations are listed in (SPEC section 5), for server and screens alike.

interface Listed {
  reservationDate: string;
  startTime: number;
  /** Left out where a list never ties on date and time (a guest's own). */
  tableIds?: readonly string[];
}

/**
 * Where a reservation's first table stands in the floor order the table layout shows: floor tables by number,
 * then the counter seats by number (C1 after table 8), then no table at all.
 */
const firstTable = ({ tableIds }: Listed) => {
  const first = tableIds?.[0];
  if (!first) return Number.MAX_SAFE_INTEGER;
  return (first.startsWith('C') ? 1_000_000 : 0) + tableNumber(first);
};

/** A day's book: by start time, then first table. */
export const byStartThenTable = (a: Listed, b: Listed) => a.startTime - b.startTime || firstTable(a) - firstTable(b);

/** A guest's list, and the print report: soonest first (then first table). */
export const byDateThenStart = (a: Listed, b: Listed) =>
  a.reservationDate.localeCompare(b.reservationDate) || byStartThenTable(a, b);

/** Search results: newest date first, then latest start first. */
export const byDateDescThenStartDesc = (a: Listed, b: Listed) =>
  b.reservationDate.localeCompare(a.reservationDate) || b.startTime - a.startTime;
