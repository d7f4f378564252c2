import type { Kysely, Transaction } from 'kysely';
import type {
  BookingRules,
  Closure,
  RestaurantDetails,
  RestaurantSettings,
  SettingsTable,
  Table,
  TrustedNetwork,
  WeeklyHours,
} from '../../booking/restaurant-settings';
import type { Database } from '../db/schema';

// The owner's settings' reads and writes. Details, hours and rules are one row of JSON; the tables
// and the closed dates are rows of their own; every change raises the row's version and leaves a line of history.

type Db = Kysely<Database> | Transaction<Database>;

/** The one row of the settings table. */
const SETTINGS_ROW = 1;

export interface SettingsChangeRecord {
  changedAt: string;
  actorEmail: string;
  area: SettingsArea;
  summary: string;
}

export type SettingsArea = 'tables' | 'hours' | 'closures' | 'rules' | 'details' | 'networks';

export async function readTables(db: Db): Promise<SettingsTable[]> {
  const rows = await db.selectFrom('tables').selectAll().orderBy('location').orderBy('position').execute();
  return rows.map((row) => ({
    id: row.id,
    numSeats: Number(row.numSeats),
    location: row.location,
    isReservable: Boolean(Number(row.isReservable)),
    position: Number(row.position),
    retiredAt: row.retiredAt,
  }));
}

export async function readClosures(db: Db): Promise<Closure[]> {
  const rows = await db
    .selectFrom('closures')
    .select(['id', 'firstDate', 'lastDate', 'note'])
    .orderBy('firstDate')
    .execute();
  return rows;
}

export async function readTrustedNetworks(db: Db): Promise<TrustedNetwork[]> {
  return db.selectFrom('trusted_networks').select(['id', 'network', 'note']).orderBy('network').execute();
}

/** The whole of the settings, or undefined before the first start wrote them. */
export async function readSettings(db: Db): Promise<RestaurantSettings | undefined> {
  const [row, tables, closures, trustedNetworks] = await Promise.all([
    db.selectFrom('restaurant_settings').selectAll().where('id', '=', SETTINGS_ROW).executeTakeFirst(),
    readTables(db),
    readClosures(db),
    readTrustedNetworks(db),
  ]);
  if (!row) return undefined;
  return {
    version: Number(row.version),
    details: JSON.parse(row.details) as RestaurantDetails,
    hours: JSON.parse(row.hours) as WeeklyHours,
    rules: JSON.parse(row.rules) as BookingRules,
    tables,
    closures,
    trustedNetworks,
  };
}

/**
 * The whole of the settings as of one moment, read outside any writer's lock. Its reads run in one transaction
 * that sees one snapshot (REPEATABLE READ on PostgreSQL; SQLite's transaction is one moment anyway). Run apart,
 * each took a pooled connection of its own and read at its own moment: a change committing between them mixed
 * two versions, such as a version number with the tables from before it, and a copy holding that took a
 * retired table for one in use until the next change.
 */
export async function readSettingsAtOnce(db: Kysely<Database>): Promise<RestaurantSettings | undefined> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => readSettings(trx));
}

export async function readVersion(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('restaurant_settings')
    .select('version')
    .where('id', '=', SETTINGS_ROW)
    .executeTakeFirst();
  return row ? Number(row.version) : undefined;
}

/** Writes the first settings row (version 1); nothing when one is there. Returns whether it wrote. */
export async function insertFirstSettings(
  trx: Transaction<Database>,
  settings: { details: RestaurantDetails; hours: WeeklyHours; rules: BookingRules },
  at: string,
): Promise<boolean> {
  if ((await readVersion(trx)) !== undefined) return false;
  await trx
    .insertInto('restaurant_settings')
    .values({
      id: SETTINGS_ROW,
      version: 1,
      details: JSON.stringify(settings.details),
      hours: JSON.stringify(settings.hours),
      rules: JSON.stringify(settings.rules),
      updatedAt: at,
    })
    .execute();
  return true;
}

/** Raises the version, with the sections that changed; returns the new version. */
export async function bumpSettings(
  trx: Transaction<Database>,
  changed: { details?: RestaurantDetails; hours?: WeeklyHours; rules?: BookingRules },
  at: string,
): Promise<number> {
  const current = await readVersion(trx);
  if (current === undefined) throw new Error('the settings row is missing: the app writes it at start');
  const version = current + 1;
  await trx
    .updateTable('restaurant_settings')
    .set({
      version,
      updatedAt: at,
      ...(changed.details ? { details: JSON.stringify(changed.details) } : {}),
      ...(changed.hours ? { hours: JSON.stringify(changed.hours) } : {}),
      ...(changed.rules ? { rules: JSON.stringify(changed.rules) } : {}),
    })
    .where('id', '=', SETTINGS_ROW)
    .execute();
  return version;
}

/** One line of history for the change that made `version`. */
export async function recordChange(
  trx: Transaction<Database>,
  id: string,
  change: SettingsChangeRecord,
  version: number,
) {
  await trx
    .insertInto('settings_changes')
    .values({ id, ...change, version })
    .execute();
}

/**
 * The latest changes, newest first: in the order of the versions they made, which is the order they were made
 * in (their times may tie within a millisecond, or run backwards when the clock is set back).
 */
export async function readHistory(db: Db, limit: number): Promise<SettingsChangeRecord[]> {
  const rows = await db
    .selectFrom('settings_changes')
    .select(['changedAt', 'actorEmail', 'area', 'summary'])
    .orderBy((eb) => eb.fn.coalesce('version', eb.lit(0)), 'desc')
    .orderBy('changedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, area: row.area as SettingsArea }));
}

export async function insertTable(trx: Transaction<Database>, table: Table): Promise<void> {
  await trx
    .insertInto('tables')
    .values({ ...table, isReservable: table.isReservable ? 1 : 0, retiredAt: null })
    .execute();
}

export async function writeTableChanges(trx: Transaction<Database>, table: Table): Promise<void> {
  await trx
    .updateTable('tables')
    .set({ numSeats: table.numSeats, isReservable: table.isReservable ? 1 : 0, position: table.position })
    .where('id', '=', table.id)
    .execute();
}

export async function markTableRetired(trx: Transaction<Database>, id: string, at: string): Promise<void> {
  await trx.updateTable('tables').set({ retiredAt: at }).where('id', '=', id).execute();
}

export async function insertClosure(trx: Transaction<Database>, closure: Closure, at: string): Promise<void> {
  await trx
    .insertInto('closures')
    .values({ ...closure, createdAt: at })
    .execute();
}

export async function deleteClosure(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.deleteFrom('closures').where('id', '=', id).execute();
}

export async function insertTrustedNetwork(trx: Transaction<Database>, trusted: TrustedNetwork, at: string) {
  await trx
    .insertInto('trusted_networks')
    .values({ ...trusted, createdAt: at })
    .execute();
}

export async function deleteTrustedNetwork(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.deleteFrom('trusted_networks').where('id', '=', id).execute();
}
