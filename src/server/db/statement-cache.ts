import type SqliteDatabase from 'better-sqlite3';

/**
 * better-sqlite3 behind Kysely, with its prepared statements kept for reuse. Kysely prepares every query
 * anew, and on the short queries of a session lookup or an availability read, preparing was the largest
 * single cost (about a tenth of the CPU under load). The statements are keyed by their SQL text, the
 * least recently used dropped beyond `limit` (queries with IN lists of varying length give many texts).
 * Reuse is safe: Kysely runs each statement to completion (all/run) under its one-connection lock before
 * it prepares the next.
 */
export function withStatementCache(database: SqliteDatabase.Database, limit = 500) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteDatabase.Statement {
      // On a full disk or an I/O error SQLite rolls the transaction back itself; Kysely's ROLLBACK after it
      // would then fail ("no transaction is active") and hide the real error (SQLITE_FULL) from the caller.
      if (sql === 'rollback' && !database.inTransaction) return ALREADY_ROLLED_BACK;
      const cached = statements.get(sql);
      if (cached) {
        // Most recently used last, so the first key is the one to drop.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > limit) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

/** A ROLLBACK with nothing to roll back: done already. */
const ALREADY_ROLLED_BACK = {
  reader: false,
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
} as unknown as SqliteDatabase.Statement;
