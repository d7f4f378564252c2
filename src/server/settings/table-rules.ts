import { tableNumber } from '../../booking/assign-tables';
import type { SettingsTable, Table } from '../../booking/restaurant-settings';
import type { TableLocation } from '../../shared/seat-types';
import { countOf, tableLabel } from '../../booking/words';
import { AppError } from '../http/errors';
import type { Reservation } from '../../shared/reservation';

// What a change of the floor plan must respect: ids are never reused (past reservations keep theirs), two
// tables in use never share a place, and no upcoming reservation is left on a table that cannot seat it.

/** The next id of a location: one past the highest number it ever had, retired tables included. */
export function nextTableId(tables: readonly SettingsTable[], location: TableLocation): string {
  const highest = Math.max(
    0,
    ...tables.filter((table) => table.location === location).map((table) => tableNumber(table.id)),
  );
  return location === 'counter' ? `C${highest + 1}` : String(highest + 1);
}

/** The place after the last table in use of a location. */
export function nextPosition(tables: readonly SettingsTable[], location: TableLocation): number {
  const inUse = tables.filter((table) => table.location === location && table.retiredAt === null);
  return Math.max(0, ...inUse.map((table) => table.position)) + 1;
}

/** Refuses a place another table in use of the location already has. */
export function checkPlaceFree(tables: readonly SettingsTable[], table: Table) {
  const other = tables.find(
    (candidate) =>
      candidate.id !== table.id &&
      candidate.retiredAt === null &&
      candidate.location === table.location &&
      candidate.position === table.position,
  );
  if (other) {
    throw new AppError(
      'invalid_request',
      `Place in the floor order ${table.position} is taken by ${tableLabel(other)}`,
    );
  }
}

/**
 * The upcoming reservations on a table that the table, with `seats`, would no longer seat together with their
 * other tables.
 */
export function strandedBySeats(
  reservations: readonly Reservation[],
  tables: readonly SettingsTable[],
  table: Table,
): Reservation[] {
  const seatsOf = (id: string) => (id === table.id ? table.numSeats : (tables.find((t) => t.id === id)?.numSeats ?? 0));
  return reservations.filter(
    (reservation) => reservation.tableIds.reduce((sum, id) => sum + seatsOf(id), 0) < reservation.partySize,
  );
}

/** The refusal of a change that would strand reservations: they must be moved first (Change Seats). */
export function strands(what: string, reservations: Reservation[]): AppError {
  return new AppError(
    'strands_reservations',
    `${what} would leave ${countOf(reservations.length, 'upcoming reservation')} without enough seats. Move ${reservations.length === 1 ? 'it' : 'them'} to other tables with Change Seats first.`,
    reservations,
  );
}
