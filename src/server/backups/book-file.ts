import Database from 'better-sqlite3';
import { KNOWN_MIGRATIONS } from '../db/migrate';

// A SQLite file that claims to hold the restaurant's book: checked whole before a backup reports success and
// before a restore puts it in place. A backup file also carries a small backup_info table (when it was taken,
// the counts, and the auth secret when that comes from DATA_DIR/auth-secret); restore removes that table.

/** Why a file is no usable copy of the book; the message completes "... cannot be restored: ". */
export class UnusableBookError extends Error {
  override name = 'UnusableBookError';
}

export const BACKUP_INFO_TABLE = 'backup_info';

export interface BackupInfo {
  /** ISO instant the backup was taken. */
  createdAt: string;
  /** The auth secret file's content, when the app's secret came from that file. */
  authSecret?: string | undefined;
  reservations?: number | undefined;
  accounts?: number | undefined;
}

export interface BookSummary {
  reservations: number;
  accounts: number;
  tables: number;
  info: BackupInfo | undefined;
}

// The app's own tables and Better Auth's, reservations first so that another app's database is named as such.
const APP_TABLES = [
  'reservations',
  'tables',
  'table_holds',
  'email_action_codes',
  'user',
  'session',
  'account',
  'verification',
  'rateLimit',
  'kysely_migration',
];

/** Integrity, foreign keys, the app's tables and migrations, and the counts; throws UnusableBookError. */
export function checkBookFile(file: string): BookSummary {
  let db: Database.Database;
  try {
    db = new Database(file, { fileMustExist: true });
  } catch (error) {
    throw new UnusableBookError(reasonOf(error));
  }
  try {
    const problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check);
    if (problems[0] !== 'ok') {
      const more = problems.length > 1 ? ` and ${problems.length - 1} more problems` : '';
      throw new UnusableBookError(`it is damaged (integrity_check: ${problems[0]}${more})`);
    }
    const broken = (db.pragma('foreign_key_check') as unknown[]).length;
    if (broken) throw new UnusableBookError(`it is damaged (${broken} rows point at rows that do not exist)`);

    const tables = new Set(db.prepare("select name from sqlite_schema where type = 'table'").pluck().all() as string[]);
    const missing = APP_TABLES.find((table) => !tables.has(table));
    if (missing) throw new UnusableBookError(`it is not a database of this app (it has no "${missing}" table)`);
    const migrations = db.prepare('select name from kysely_migration order by name').pluck().all() as string[];
    if (migrations.length === 0) throw new UnusableBookError('it is not a database of this app (no migrations ran)');
    const unknown = migrations.find((name) => !KNOWN_MIGRATIONS.includes(name));
    if (unknown) throw new UnusableBookError(`it was made by a newer version of the app (migration ${unknown})`);

    const count = (table: string) => db.prepare(`select count(*) from "${table}"`).pluck().get() as number;
    return {
      reservations: count('reservations'),
      accounts: count('user'),
      tables: count('tables'),
      info: tables.has(BACKUP_INFO_TABLE) ? readInfo(db) : undefined,
    };
  } catch (error) {
    if (error instanceof UnusableBookError) throw error;
    throw new UnusableBookError(reasonOf(error));
  } finally {
    db.close();
  }
}

/** A backup's own record of itself, read without changing the file; undefined when it has none. */
export function readBackupInfo(file: string): BackupInfo | undefined {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const exists = db.prepare("select 1 from sqlite_schema where type = 'table' and name = ?").get(BACKUP_INFO_TABLE);
    return exists ? readInfo(db) : undefined;
  } finally {
    db.close();
  }
}

export function writeBackupInfo(db: Database.Database, info: BackupInfo): void {
  db.exec(`create table ${BACKUP_INFO_TABLE} (key text primary key, value text not null)`);
  const insert = db.prepare(`insert into ${BACKUP_INFO_TABLE} (key, value) values (?, ?)`);
  for (const [key, value] of Object.entries(info)) if (value !== undefined) insert.run(key, String(value));
}

function readInfo(db: Database.Database): BackupInfo | undefined {
  const rows = db.prepare(`select key, value from ${BACKUP_INFO_TABLE}`).all() as { key: string; value: string }[];
  const values = new Map(rows.map((row) => [row.key, row.value]));
  const createdAt = values.get('createdAt');
  if (!createdAt || Number.isNaN(Date.parse(createdAt))) return undefined;
  const number = (key: string) => (values.has(key) ? Number(values.get(key)) : undefined);
  return {
    createdAt,
    authSecret: values.get('authSecret'),
    reservations: number('reservations'),
    accounts: number('accounts'),
  };
}

function reasonOf(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'SQLITE_NOTADB') return 'it is not an SQLite database';
  if (code?.startsWith('SQLITE_CORRUPT')) return `it is damaged (${message})`;
  if (code === 'SQLITE_CANTOPEN' || code === 'ENOENT') return 'there is no such file';
  return `it cannot be read (${message ?? String(error)})`;
}
