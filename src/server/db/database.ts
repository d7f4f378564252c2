import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config';
import type { Database } from './schema';
import { withStatementCache } from './statement-cache';

export type Dialect = DatabaseTarget['dialect'];

export interface AppDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The raw pg pool (PostgreSQL only): for LISTEN/NOTIFY and advisory locks. */
  pgPool?: pg.Pool;
  close(): Promise<void>;
}

// PostgreSQL returns BIGINT (count(*)) as text by default; our counts are small, so read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function openDatabase(target: DatabaseTarget): AppDatabase {
  if (target.dialect === 'sqlite') {
    mkdirSync(dirname(target.file), { recursive: true });
    const sqlite = new SqliteDatabase(target.file);
    // WAL lets readers run while a booking is written. FULL syncs the log at every commit, so an acknowledged
    // booking survives a power cut or an OS crash too (NORMAL survives only an app crash); measured with
    // `npm run bench`, it cost 10 to 15% of bookings/s (720 to 811 a second against 868 to 883).
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 10,
    // While PostgreSQL cannot be reached, a request fails within seconds (and is answered 503), never hangs:
    // a connection that cannot be made in 5 s, or a query with no answer in 10 s, is an error.
    connectionTimeoutMillis: 5000,
    query_timeout: 10_000,
    keepAlive: true,
  });
  // A restart, a crash or a failover makes pg emit 'error' on its clients, idle in the pool or busy with a
  // query; unheard, that event ends the process. The query in flight fails on its own (and is answered 503);
  // the pool drops the broken client and opens a new one when the server is back.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', pgPool: pool, close: () => db.destroy() };
}

/** Cheap round trip used by /api/health and by start-up to fail fast on a bad DATABASE_URL. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
