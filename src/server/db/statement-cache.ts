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
