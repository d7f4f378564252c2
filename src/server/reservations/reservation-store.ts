import { sql, type Kysely, type Transaction } from 'kysely';
import type { BookedReservation } from '../../booking/availability';
import { holdBlocks } from '../../booking/hold-blocks';
import type { Dialect } from '../db/database';
import type { Database } from '../db/schema';
import { roundTripBatches } from '../db/statement-batches';
import type { Actor } from '../http/app-env';
import type { AdminReservation, Reservation } from '../../shared/reservation';
import type { BookedFacts } from '../../shared/reservation-history';
import { selectReservations } from '../book/book-reads';
import { toAdminReservation, toReservation, type ReservationRow } from '../book/reservation-record';

export { reservationsDated } from '../book/book-reads';

// The reservations' reads and writes. Every write of tables goes through writeHolds, so the database's
// key on table_holds sees it.

type Db = Kysely<Database> | Transaction<Database>;

/** A date's reservations as the admin's screens have them (with the host's marks). */
export async function reservationsOn(db: Db, date: string): Promise<AdminReservation[]> {
  const rows = await selectReservations(db).where('reservations.reservationDate', '=', date).execute();
  return rows.map(toAdminReservation);
}

/**
 * What the booking rules need of a date's reservations: which tables each holds, when, and for how many; and the
 * host's seat blocks, as holders of no party (`blocked`), which nothing is offered or assigned over.
 */
export async function bookedOn(db: Db, date: string): Promise<BookedReservation[]> {
  // One read for both (the availability's hot path): the reservations, and the blocks that cover the date.
  const rows = await db
    .selectFrom('reservations')
    .select((eb) => [
      'id',
      'tableIds',
      'startTime',
      // A party finished early holds its tables only until they were freed (service/set-service-status.ts).
      eb.fn.coalesce('heldUntil', 'endTime').as('endTime'),
      'partySize',
      sql<number>`0`.as('blocked'),
    ])
    .where('reservationDate', '=', date)
    .unionAll(
      db
        .selectFrom('seat_blocks')
        .select([
          sql<string>`'block:' || id`.as('id'),
          'tableIds',
          'startTime',
          'endTime',
          sql<number>`0`.as('partySize'),
          sql<number>`1`.as('blocked'),
        ])
        .where('firstDate', '<=', date)
        .where('lastDate', '>=', date),
    )
    .execute();
  return rows.map((row) => ({
    id: row.id,
    tableIds: JSON.parse(row.tableIds) as string[],
    startTime: Number(row.startTime),
    endTime: Number(row.endTime),
    partySize: Number(row.partySize),
    ...(Number(row.blocked) === 1 ? { blocked: true } : {}),
  }));
}

/** The whole book as the admin's search has it (with the host's marks). */
export async function allReservations(db: Db): Promise<AdminReservation[]> {
  return (await selectReservations(db).execute()).map(toAdminReservation);
}

/** An account's reservations from `fromDate` on. */
export async function reservationsOf(db: Db, userId: string, fromDate: string): Promise<Reservation[]> {
  const rows = await selectReservations(db)
    .where('reservations.userId', '=', userId)
    .where('reservations.reservationDate', '>=', fromDate)
    .execute();
  return rows.map(toReservation);
}

/**
 * When an account was made (Better Auth's user row). With `lock`, the row is locked for the rest of the
 * transaction (PostgreSQL), so that two bookings of one account are checked one after the other.
 */
export async function accountCreatedAt(trx: Transaction<Database>, userId: string, lock: boolean): Promise<Date> {
  let query = trx.selectFrom('user').select('createdAt').where('id', '=', userId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirstOrThrow();
  return new Date(row.createdAt);
}

/** How many reservations of a date new accounts booked from a network, leaving out `exceptId`. */
export async function newAccountBookingsFrom(db: Db, network: string, date: string, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom('reservations')
    .select((eb) => eb.fn.countAll<number>().as('held'))
    .where('reservationDate', '=', date)
    .where('bookedFrom', '=', network)
    .where('bookedByNewAccount', '=', 1)
    .where('id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.held);
}

/**
 * A date's reservations with where each was booked from and when its account was made (null: the admin's own, or
 * an account since deleted), for the owner's view by network.
 */
export async function reservationsOnWithNetworks(db: Db, date: string) {
  const rows = await selectReservations(db)
    .select(['user.createdAt as accountCreatedAt'])
    .where('reservations.reservationDate', '=', date)
    .execute();
  return rows.map(({ accountCreatedAt, ...row }) => ({
    reservation: toReservation(row),
    bookedFrom: row.bookedFrom,
    bookedByNewAccount: row.bookedByNewAccount === 1,
    accountCreatedAt: accountCreatedAt === null ? null : new Date(accountCreatedAt),
  }));
}

/** Removes reservations (their holds go with them); returns those that were there, as the activity record keeps them. */
export async function deleteReservations(db: Db, ids: readonly string[]): Promise<(BookedFacts & { id: string })[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('reservations')
    .where('id', 'in', ids)
    .returning(['id', 'reservationDate', 'startTime', 'partySize', 'seatType', 'tableIds'])
    .execute();
  return rows.map((row) => ({
    ...row,
    startTime: Number(row.startTime),
    partySize: Number(row.partySize),
    tableIds: JSON.parse(row.tableIds) as string[],
  }));
}

/** A reservation with the account it belongs to (null: no account any more). */
export interface FoundReservation {
  reservation: Reservation;
  ownerId: string | null;
}

const foundReservation = (row: ReservationRow): FoundReservation => ({
  reservation: toReservation(row),
  ownerId: row.userId,
});

export async function findReservation(db: Db, id: string): Promise<FoundReservation | undefined> {
  const row = await selectReservations(db).where('reservations.id', '=', id).executeTakeFirst();
  return row && foundReservation(row);
}

/**
 * Looks reservations up by id; on PostgreSQL the lookups made at once are read in one statement
 * (db/statement-batches.ts): every booking is first checked for being a resend (resent-booking.ts), and on a release
 * night two thousand come at once.
 */
export function reservationLookups(
  db: Kysely<Database>,
  dialect: Dialect,
): (id: string) => Promise<FoundReservation | undefined> {
  return roundTripBatches(dialect, async (ids: readonly string[]) => {
    const rows = await selectReservations(db)
      .where('reservations.id', 'in', [...new Set(ids)])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, foundReservation(row)]));
    return ids.map((id) => byId.get(id));
  });
}

/** The reservation if this caller may see it: the admin sees every one, a guest only their account's. */
export async function findVisibleReservation(db: Db, actor: Actor, id: string): Promise<Reservation | undefined> {
  const found = await findReservation(db, id);
  if (!found || (actor.role !== 'admin' && found.ownerId !== actor.userId)) return undefined;
  return found.reservation;
}

/** Writes a new reservation of account `ownerId`, with its table holds and where it was booked from. */
export async function insertReservation(
  trx: Transaction<Database>,
  reservation: Reservation,
  ownerId: string | null,
  /** A guest's booking: the network it came from (fair-use-checks.ts); the admin's record none. */
  mark: { bookedFrom: string; bookedByNewAccount: number } | undefined,
  /** The admin chose its tables: a seat block on them gives way (writeHolds). */
  overBlocks = false,
): Promise<void> {
  await trx
    .insertInto('reservations')
    .values({ ...reservation, ...mark, userId: ownerId, tableIds: JSON.stringify(reservation.tableIds) })
    .execute();
  await writeHolds(trx, reservation, null, overBlocks);
}

/**
 * Writes an edit: the reservation's fields (and, for a guest's move, where it was moved from). A party moved to
 * another date or time starts its night again: the host's marks on it are taken off. Returns where its hold ends
 * when it finished early (null: at its seating's end).
 */
export async function updateReservationRow(
  trx: Transaction<Database>,
  reservation: Reservation,
  mark: { bookedFrom: string; bookedByNewAccount: number } | undefined,
  moved: boolean,
): Promise<number | null> {
  const { id, createdAt: _createdAt, ...columns } = reservation;
  const unmarked = { arrivedAt: null, seatedAt: null, finishedAt: null, noShowAt: null, heldUntil: null };
  const row = await trx
    .updateTable('reservations')
    .set({ ...columns, ...mark, ...(moved ? unmarked : {}), tableIds: JSON.stringify(reservation.tableIds) })
    .where('id', '=', id)
    .returning('heldUntil')
    .executeTakeFirstOrThrow();
  return row.heldUntil === null ? null : Number(row.heldUntil);
}

/** Removes a reservation; its table holds go with it. Whether it was there to remove. */
export async function deleteReservation(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('reservations').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Replaces a reservation's holds with the blocks of its (new) tables, date and time: to its seating's end, or to
 * `heldUntil` for a party that finished early (its tables were let go from then: service/set-service-status.ts).
 */
export async function writeHolds(
  trx: Transaction<Database>,
  reservation: Reservation,
  heldUntil: number | null = null,
  /** The admin chose these tables over a seat block: the block lets go of them for this reservation's time. */
  overBlocks = false,
): Promise<void> {
  await trx.deleteFrom('table_holds').where('reservationId', '=', reservation.id).execute();
  const end = heldUntil === null ? reservation.endTime : Math.min(heldUntil, reservation.endTime);
  const blocks = end > reservation.startTime ? holdBlocks(reservation.startTime, end) : [];
  if (overBlocks && blocks.length) {
    await trx
      .deleteFrom('table_holds')
      .where('blockId', 'is not', null)
      .where('reservationDate', '=', reservation.reservationDate)
      .where('tableId', 'in', reservation.tableIds)
      .where('blockStart', 'in', blocks)
      .execute();
  }
  await insertHolds(trx, reservation, blocks);
}

/** Holds each of the reservation's tables for each of the blocks (minutes since midnight); the key refuses a taken one. */
export async function insertHolds(
  trx: Transaction<Database>,
  reservation: Pick<Reservation, 'id' | 'tableIds' | 'reservationDate'>,
  blocks: number[],
): Promise<void> {
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
