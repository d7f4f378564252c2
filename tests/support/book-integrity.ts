import { sql } from 'kysely';
import { holdBlocks } from '../../src/booking/hold-blocks';
import { hhmmToMinutes } from '../../src/booking/clock';
import type { DatabaseTarget } from '../../src/server/config';
import { openDatabase, type AppDatabase } from '../../src/server/db/database';
import type { Reservation } from '../../src/shared/reservation';
import { toReservation } from '../../src/server/book/reservation-record';

// Reads a whole book straight from the database and checks it the way an auditor would, without the app:
// overlapping reservations on one table, reservations whose table holds are missing or extra, and the
// database engine's own integrity checks.

export const databaseTarget = (url: string): DatabaseTarget =>
  url.startsWith('file:') ? { dialect: 'sqlite', file: url.slice('file:'.length) } : { dialect: 'postgres', url };

export interface BookAudit {
  reservations: Reservation[];
  /** Pairs of overlapping reservations sharing a table. */
  doubleBookings: number;
  /**
   * Half-written bookings: reservations whose holds differ from their tables x 30-minute blocks, holds of no
   * reservation, and reservations on no table or on a table that does not exist.
   */
  holdMismatches: number;
  /** What the engine reports: 'ok', or its complaints. */
  engineCheck: string;
  /** How the engine was checked (PostgreSQL: with amcheck, or by queries when amcheck is not available). */
  engineCheckMethod: string;
}

export function countDoubleBookings(reservations: Reservation[]): number {
  const byTable = new Map<string, { start: number; end: number }[]>();
  for (const r of reservations) {
    for (const table of r.tableIds) {
      const key = `${r.reservationDate} ${table}`;
      const list = byTable.get(key) ?? [];
      list.push({ start: hhmmToMinutes(r.startTime), end: hhmmToMinutes(r.endTime) });
      byTable.set(key, list);
    }
  }
  let doubles = 0;
  for (const list of byTable.values()) {
    list.sort((a, b) => a.start - b.start);
    for (let i = 1; i < list.length; i++) if (list[i]!.start < list[i - 1]!.end) doubles++;
  }
  return doubles;
}

export async function auditBook(databaseUrl: string): Promise<BookAudit> {
  const target = databaseTarget(databaseUrl);
  const database = openDatabase(target);
  try {
    const rows = await database.db.selectFrom('reservations').selectAll().execute();
    const reservations = rows.map((row) => toReservation({ ...row, accountEmail: null }));
    // A party that finished early holds its tables only until they were let go (service/set-service-status.ts).
    const heldUntil = new Map(rows.map((row) => [row.id, row.heldUntil === null ? null : Number(row.heldUntil)]));
    const holds = await database.db.selectFrom('table_holds').selectAll().execute();
    const tableIds = new Set((await database.db.selectFrom('tables').select('id').execute()).map((t) => t.id));

    const expected = new Set(
      reservations.flatMap((r) =>
        r.tableIds.flatMap((table) =>
          holdBlocks(r.startTime, Math.min(r.endTime, heldUntil.get(r.id) ?? r.endTime)).map(
            (block) => `${r.id} ${table} ${r.reservationDate} ${block}`,
          ),
        ),
      ),
    );
    // A seat block's holds (decision 0017) are the host's, not a reservation's: the key keeps bookings off them.
    const actual = new Set(
      holds
        .filter((h) => h.reservationId !== null)
        .map((h) => `${h.reservationId} ${h.tableId} ${h.reservationDate} ${Number(h.blockStart)}`),
    );
    let holdMismatches = 0;
    for (const key of expected) if (!actual.has(key)) holdMismatches++;
    for (const key of actual) if (!expected.has(key)) holdMismatches++;
    for (const r of reservations) {
      if (r.tableIds.length === 0 || r.tableIds.some((id) => !tableIds.has(id))) holdMismatches++;
    }

    const engine = target.dialect === 'sqlite' ? await checkSqlite(database) : await checkPostgres(database);
    const asHeld = reservations.map((r) => ({ ...r, endTime: Math.min(r.endTime, heldUntil.get(r.id) ?? r.endTime) }));
    return { reservations, doubleBookings: countDoubleBookings(asHeld), holdMismatches, ...engine };
  } finally {
    await database.close();
  }
}

async function checkSqlite({ db }: AppDatabase) {
  const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  const foreignKeys = await sql`pragma foreign_key_check`.execute(db);
  const verdict = integrity.rows.map((row) => row.integrity_check).join('; ');
  const engineCheck =
    verdict === 'ok' && foreignKeys.rows.length === 0
      ? 'ok'
      : `${verdict}; ${foreignKeys.rows.length} foreign key violations`;
  return { engineCheck, engineCheckMethod: 'PRAGMA integrity_check and foreign_key_check' };
}

async function checkPostgres({ db }: AppDatabase) {
  // Constraints added NOT VALID would let rows that break them stand; there must be none.
  const unvalidated = await sql<{ conname: string }>`
    select conname from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where n.nspname = 'public' and not c.convalidated`.execute(db);
  // Foreign keys checked by query too, in case amcheck is missing (amcheck checks storage, not meaning).
  const orphans = await sql<{ count: number }>`
    select count(*)::int as count from table_holds h
    where (h."reservationId" is not null and not exists (select 1 from reservations r where r.id = h."reservationId"))
       or (h."blockId" is not null and not exists (select 1 from seat_blocks b where b.id = h."blockId"))
       or not exists (select 1 from tables t where t.id = h."tableId")`.execute(db);
  const complaints = [
    ...unvalidated.rows.map((row) => `constraint ${row.conname} not validated`),
    ...(orphans.rows[0]!.count > 0 ? [`${orphans.rows[0]!.count} holds without their reservation or table`] : []),
  ];

  const method = await checkWithAmcheck(db, complaints);
  return { engineCheck: complaints.length === 0 ? 'ok' : complaints.join('; '), engineCheckMethod: method };
}

/** amcheck's verdict added to `complaints`; returns what was checked, or why amcheck could not run. */
async function checkWithAmcheck(db: AppDatabase['db'], complaints: string[]): Promise<string> {
  try {
    await sql`create extension if not exists amcheck`.execute(db);
  } catch (error) {
    // Not installed, or not allowed (creating it needs a superuser): the queries above are all there is.
    return `amcheck not available (${(error as Error).message}): constraints and references checked by queries`;
  }
  // Every B-tree index of the app's tables against its parent pages and its table (heapallindexed: each row
  // has its index entry). An inconsistency raises an error, which fails the audit.
  const indexes = await sql<{ name: string }>`
    select c.relname as name, bt_index_parent_check(c.oid::regclass, true) from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_am am on am.oid = c.relam
    join pg_namespace n on n.oid = c.relnamespace
    where am.amname = 'btree' and n.nspname = 'public' and i.indisvalid`.execute(db);
  if (indexes.rows.length === 0) complaints.push('no indexes found to check');
  // And the tables' pages themselves (verify_heapam, PostgreSQL 14+): one row per corruption found.
  const heap = await sql<{ relname: string; msg: string }>`
    select c.relname, v.msg from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    cross join lateral verify_heapam(c.oid::regclass) v
    where n.nspname = 'public' and c.relkind = 'r'`.execute(db);
  complaints.push(...heap.rows.map((row) => `${row.relname}: ${row.msg}`));
  return `amcheck: bt_index_parent_check (heapallindexed) on ${indexes.rows.length} indexes, verify_heapam on every table, constraints by queries`;
}
