import type { Table } from './restaurant-settings';
import * as bookingMessages from '../shared/messages/booking';
import type { SeatType } from '../shared/seat-types';

// Automatic table assignment exactly as SPEC section 5 describes it. Input: the tables free for the slot
// (already filtered to the seat type's location, and to reservable ones for guests). Pure: no I/O.
// "Numbered" is the floor order: each table's place (`position`), which the owner sets in the admin and which is
// the table's number until then. Tables whose places follow each other stand side by side.

export type Assignment = { ok: true; tableIds: string[] } | { ok: false; message: string };

type FreeTable = Pick<Table, 'id' | 'numSeats' | 'position'>;

/** The number in a table id: 3 for '3', 11 for 'C11'. */
export const tableNumber = (id: string): number => Number(id.replace(/^C/, ''));

export const byTableNumber = (a: { id: string }, b: { id: string }) => tableNumber(a.id) - tableNumber(b.id);

/** Floor order: by place, then (two tables given one place) by number. */
export const byFloorOrder = (a: FreeTable, b: FreeTable) => a.position - b.position || byTableNumber(a, b);

/** Maximal runs of tables in consecutive places, in floor order: places [1,2,3],[5,6]. */
export function consecutiveRuns<T extends FreeTable>(tables: T[]): T[][] {
  const sorted = [...tables].sort(byFloorOrder);
  const runs: T[][] = [];
  for (const table of sorted) {
    const run = runs.at(-1);
    const previous = run?.at(-1);
    if (run && previous && table.position === previous.position + 1) run.push(table);
    else runs.push([table]);
  }
  return runs;
}

const seatsOf = (tables: FreeTable[]) => tables.reduce((sum, table) => sum + table.numSeats, 0);

/**
 * Counter: the needed number of seats, from the longest run of adjacent numbered seats when it is long
 * enough (ties: the lower-numbered run), else the lowest-numbered free seats.
 */
export function assignCounterSeats(freeSeats: FreeTable[], partySize: number): Assignment {
  if (freeSeats.length === 0) return { ok: false, message: bookingMessages.slotTaken };
  if (freeSeats.length < partySize) {
    return { ok: false, message: bookingMessages.notEnoughCounterSeats(freeSeats.length, partySize) };
  }
  const longest = consecutiveRuns(freeSeats).reduce((best, run) => (run.length > best.length ? run : best));
  const chosen =
    longest.length >= partySize ? longest.slice(0, partySize) : [...freeSeats].sort(byFloorOrder).slice(0, partySize);
  return { ok: true, tableIds: chosen.map((seat) => seat.id) };
}

/**
 * Table: the first single table (in floor order) with enough seats; otherwise, among runs of consecutively
 * numbered tables, the combination of adjacent tables with the smallest total that still seats the party
 * (ties: fewer tables, then the lower numbers).
 */
export function assignFloorTables(freeTables: FreeTable[], partySize: number): Assignment {
  if (freeTables.length === 0) return { ok: false, message: bookingMessages.slotTaken };
  const single = [...freeTables].sort(byFloorOrder).find((table) => table.numSeats >= partySize);
  if (single) return { ok: true, tableIds: [single.id] };

  let best: FreeTable[] | undefined;
  for (const run of consecutiveRuns(freeTables)) {
    for (let start = 0; start < run.length; start++) {
      for (let end = start + 2; end <= run.length; end++) {
        const combination = run.slice(start, end);
        const total = seatsOf(combination);
        if (total < partySize) continue;
        if (!best || total < seatsOf(best) || (total === seatsOf(best) && combination.length < best.length)) {
          best = combination;
        }
        break; // longer windows from this start only add seats
      }
    }
  }
  if (!best) return { ok: false, message: bookingMessages.noTableCombination };
  return { ok: true, tableIds: best.map((table) => table.id) };
}

export function assignTables(seatType: SeatType, freeTables: FreeTable[], partySize: number): Assignment {
  return seatType === 'counter' ? assignCounterSeats(freeTables, partySize) : assignFloorTables(freeTables, partySize);
}
