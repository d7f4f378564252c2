import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Kysely, PostgresDialect, sql, type CompiledQuery, type KyselyConfig } from 'kysely';
import type pg from 'pg';
import type { DatabaseTarget } from '../config';
import type { Logger } from '../logger';
import { makePrivateFile, makePrivateFolder } from '../private-files';
import type { Database } from './schema';
import { FifoSqliteDialect } from './fifo-sqlite-dialect';
import { withStatementCache } from './statement-cache';

export type Dialect = DatabaseTarget['dialect'];

export interface AppDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The raw pg pool (PostgreSQL only): for LISTEN/NOTIFY and advisory locks. */
  pgPool?: pg.Pool;
  /**
   * SQLite only: a read-only query's rows, read at once when nothing holds the connection, else undefined (send it
   * through `db` to take its turn). On SQLite a statement is a call in the process; Kysely's path around it (the
   * lock, the executor, a dozen promises) cost as much as the read itself for the session read of every request.
   */
  readNow?: <Row>(query: CompiledQuery<Row>) => Row[] | undefined;
  /**
   * SQLite only: runs `write` on the one connection, holding it, with its commits written to the log but not synced
   * to disk, then syncs every commit again. For writes whose loss in a power cut costs nothing, the fair-use
   * counters: an app crash keeps them, and the next synced commit (a booking's) takes them to disk. A sync cost a
   * counter's hit 0.25 to 0.6 ms here, with the event loop waiting, and every booking attempt makes one.
   */
  unsynced?: <T>(write: (db: Kysely<Database>) => Promise<T>) => Promise<T>;
  close(): Promise<void>;
}

// pg is loaded only for a PostgreSQL book: on SQLite it would be 5 MB of memory for nothing (the app
// should sit in under 100 MB idle). It is CommonJS, so it loads synchronously where it is needed.
const requirePg = (): typeof pg => {
  const loaded = createRequire(import.meta.url)('pg') as typeof pg;
  // PostgreSQL returns BIGINT (count(*)) as text by default; our counts are small, so read them as numbers.
  loaded.types.setTypeParser(loaded.types.builtins.INT8, (value) => Number(value));
  return loaded;
};

/**
 * At LOG_LEVEL=trace, every statement the app sends is logged ("statement", with its SQL and how long it took), to see
 * what a request costs the database; at any other level nothing is added to a statement's path.
 */
function statementLog(logger: Logger | undefined) {
  if (!logger?.isLevelEnabled('trace')) return undefined;
  return (sqlText: string, ms: number, failed: boolean) => logger.trace({ sql: sqlText, ms, failed }, 'statement');
}

/** The same log for the statements Kysely sends. */
const kyselyLog =
  (log: NonNullable<ReturnType<typeof statementLog>>): KyselyConfig['log'] =>
  (event) =>
    log(event.query.sql, event.queryDurationMillis, event.level === 'error');

export function openDatabase(target: DatabaseTarget, logger?: Logger): AppDatabase {
  const log = statementLog(logger);
  if (target.dialect === 'sqlite') {
    // The book holds every guest's details: private to the app's user, its log and shared memory with it.
    makePrivateFolder(dirname(target.file));
    makePrivateFile(target.file);
    const sqlite = new SqliteDatabase(target.file);
    // WAL lets readers run while a booking is written. FULL syncs the log at every commit, so an acknowledged
    // booking survives a power cut or an OS crash too (NORMAL survives only an app crash); measured with
    // `npm run bench`, it cost 10 to 15% of bookings/s (720 to 811 a second against 868 to 883).
    // The fair-use counters' hits alone are not synced on their own (`unsynced` below).
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const statements = withStatementCache(sqlite);
    const dialect = new FifoSqliteDialect({ database: statements });
    const db = new Kysely<Database>({ dialect, log: log && kyselyLog(log) });
    const readNow = <Row>(query: CompiledQuery<Row>): Row[] | undefined => {
      // Held: a statement runs or waits, or a transaction is open, whose writes this read must not see.
      if (!dialect.connectionFree) return undefined;
      const read = () => statements.prepare(query.sql).all(query.parameters) as Row[];
      if (!log) return read();
      const started = performance.now();
      let failed = true;
      try {
        const rows = read();
        failed = false;
        return rows;
      } finally {
        log(query.sql, performance.now() - started, failed);
      }
    };
    const unsynced = <T>(write: (db: Kysely<Database>) => Promise<T>): Promise<T> =>
      db.connection().execute(async (connection) => {
        await sql`pragma synchronous = normal`.execute(connection);
        try {
          return await write(connection);
        } finally {
          await sql`pragma synchronous = full`.execute(connection);
        }
      });
    return { db, dialect: 'sqlite', readNow, unsynced, close: () => db.destroy() };
  }
  const pool = new (requirePg().Pool)({
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: log && kyselyLog(log) });
  return { db, dialect: 'postgres', pgPool: pool, close: () => db.destroy() };
}

/** Cheap round trip used by /api/health and by start-up to fail fast on a bad DATABASE_URL. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
