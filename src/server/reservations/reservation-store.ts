import type { Kysely, Transaction } from 'kysely';
import type { BookedReservation } from '../../booking/availability';
import { holdBlocks } from '../../booking/hold-blocks';
import type { RestaurantTable } from '../../booking/restaurant-config';
import type { Database } from '../db/schema';
import { toReservation, type Reservation } from './reservation-record';

// The reservations' reads and writes. Every write of tables goes through writeHolds, so the database's
// key on table_holds sees it.

type Db = Kysely<Database> | Transaction<Database>;

export async function loadTables(db: Db): Promise<RestaurantTable[]> {
  const rows = await db.selectFrom('tables').selectAll().execute();
  return rows.map((row) => ({
    ...row,
    numSeats: Number(row.numSeats),
    isReservable: Boolean(Number(row.isReservable)),
  }));
}

export async function reservationsOn(db: Db, date: string): Promise<Reservation[]> {
  const rows = await db.selectFrom('reservations').selectAll().where('reservationDate', '=', date).execute();
  return rows.map(toReservation);
}

export const asBooked = (reservations: Reservation[]): BookedReservation[] =>
  reservations.map(({ id, tableIds, startTime, endTime }) => ({ id, tableIds, startTime, endTime }));

export async function findReservation(db: Db, id: string): Promise<Reservation | undefined> {
  const row = await db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toReservation(row) : undefined;
}

export async function insertReservation(trx: Transaction<Database>, reservation: Reservation): Promise<void> {
  await trx
    .insertInto('reservations')
    .values({ ...reservation, tableIds: JSON.stringify(reservation.tableIds) })
    .execute();
  await writeHolds(trx, reservation);
}

/** Replaces a reservation's holds with the blocks of its (new) tables, date and time. */
export async function writeHolds(trx: Transaction<Database>, reservation: Reservation): Promise<void> {
  await trx.deleteFrom('table_holds').where('reservationId', '=', reservation.id).execute();
  const blocks = holdBlocks(reservation.startTime, reservation.endTime);
  const rows = reservation.tableIds.flatMap((tableId) =>
    blocks.map((blockStart) => ({
      tableId,
      reservationDate: reservation.reservationDate,
      blockStart,
      reservationId: reservation.id,
    })),
  );
  if (rows.length) await trx.insertInto('table_holds').values(rows).execute();
}

/** True when the error is the database refusing a second hold of a table block. */
export function isHoldConflict(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
