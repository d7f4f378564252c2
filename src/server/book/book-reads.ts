import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Reservation } from '../../shared/reservation';
import { toReservation, type ReservationRow } from './reservation-record';

// The book's reads that more than one part of the server needs: the reservations' own operations
// (reservations/reservation-store.ts builds on these) and the owner's settings, which must know what a change would
// touch. Neither imports the other; both import this.

type Db = Kysely<Database> | Transaction<Database>;

/** Reservations with their owner's current email (the wire's `email`). */
export const selectReservations = (db: Db) =>
  db
    .selectFrom('reservations')
    .leftJoin('user', 'user.id', 'reservations.userId')
    .selectAll('reservations')
    .select('user.email as accountEmail');

/** Reservations dated within a range, both ends included; an end left out is open. */
export async function reservationsDated(db: Db, range: { from?: string; to?: string }): Promise<Reservation[]> {
  let query = selectReservations(db);
  if (range.from) query = query.where('reservations.reservationDate', '>=', range.from);
  if (range.to) query = query.where('reservations.reservationDate', '<=', range.to);
  return (await query.execute()).map(toReservation);
}

/** The reservations with these ids (those still in the book). */
export async function reservationsWithIds(db: Db, ids: string[]): Promise<Reservation[]> {
  if (ids.length === 0) return [];
  return (await selectReservations(db).where('reservations.id', 'in', ids).execute()).map(toReservation);
}

/** The ids of the reservations that hold a table on a date from `fromDate` on. */
export async function reservationIdsOnTable(db: Db, tableId: string, fromDate: string): Promise<Set<string>> {
  const holders = await db
    .selectFrom('table_holds')
    .select('reservationId')
    .distinct()
    .where('tableId', '=', tableId)
    .where('reservationDate', '>=', fromDate)
    .where('reservationId', 'is not', null)
    .execute();
  return new Set(holders.flatMap((hold) => (hold.reservationId === null ? [] : [hold.reservationId])));
}

/** A reservation's stored row, locked for the rest of the transaction on PostgreSQL with `lock`. */
export async function findReservationRow(db: Db, id: string, lock: boolean): Promise<ReservationRow | undefined> {
  let query = selectReservations(db).where('reservations.id', '=', id);
  if (lock) query = query.forUpdate('reservations');
  return query.executeTakeFirst();
}
