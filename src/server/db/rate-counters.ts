import { sql, type Kysely } from 'kysely';
import type { AppDatabase } from './database';
import type { Database } from './schema';

/** A counter's state: how many hits since its window began, and when the last one came. */
export interface CounterState {
  count: number;
  windowStart: number;
  lastAt: number;
}

/**
 * Fixed-window counters in the database, shared by every instance and kept across restarts: the fair-use
 * limits (bookings per account and per address, emails per inbox, failed sign-ins per account) count here.
 * A hit is one statement (an upsert), so two requests at once never both read the same count.
 */
export function createRateCounters({ db, unsynced }: Pick<AppDatabase, 'db' | 'unsynced'>) {
  // A hit is a write at every booking attempt, refused ones included; on SQLite it is not synced on its own
  // (database.ts, `unsynced`): a power cut may forget the last few hits, never a booking.
  const hitEach = (keys: readonly string[], windowMs: number, now = Date.now()) =>
    unsynced ? unsynced((connection) => hitsOf(connection, keys, windowMs, now)) : hitsOf(db, keys, windowMs, now);
  const peekEach = (keys: readonly string[], windowMs: number, now = Date.now()) => statesOf(db, keys, windowMs, now);

  return {
    /** Counts one hit on `key` in a window of `windowMs` (a new window once the old one is over); returns the state after it. */
    async hit(key: string, windowMs: number, now = Date.now()): Promise<CounterState> {
      return (await hitEach([key], windowMs, now))[0]!;
    },
    hitEach,

    /** The state of `key` in its current window, or null when it has none. */
    async peek(key: string, windowMs: number, now = Date.now()): Promise<CounterState | null> {
      return (await peekEach([key], windowMs, now))[0] ?? null;
    },
    peekEach,

    async clear(key: string): Promise<void> {
      await db.deleteFrom('rate_counters').where('key', '=', key).execute();
    },

    /** Forgets `key` and every counter named under it (`key:...`). */
    async clearUnder(key: string): Promise<void> {
      const under = `${key}:`;
      await db
        .deleteFrom('rate_counters')
        .where((eb) =>
          eb.or([eb('key', '=', key), eb(sql<string>`substr(${sql.ref('key')}, 1, ${under.length})`, '=', under)]),
        )
        .execute();
    },

    /** Forgets counters whose window began longer ago than the longest window in use. */
    async sweep(olderThanMs: number, now = Date.now()): Promise<void> {
      await db
        .deleteFrom('rate_counters')
        .where('windowStart', '<', now - olderThanMs)
        .execute();
    },
  };
}

export type RateCounters = ReturnType<typeof createRateCounters>;

/** Counts one hit on each of `keys` (a key given twice is hit twice) in one statement; the states after each. */
async function hitsOf(
  db: Kysely<Database>,
  keys: readonly string[],
  windowMs: number,
  now: number,
): Promise<CounterState[]> {
  const hits = new Map<string, number>();
  for (const key of keys) hits.set(key, (hits.get(key) ?? 0) + 1);
  const expired = now - windowMs;
  const rows = await db
    .insertInto('rate_counters')
    // In one order, so two instances' statements take the rows' locks in the same order (PostgreSQL).
    .values([...hits.keys()].sort().map((key) => ({ key, windowStart: now, count: hits.get(key)!, lastAt: now })))
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when rate_counters."windowStart" <= ${expired} then ${sql.ref('excluded.count')} else rate_counters.count + ${sql.ref('excluded.count')} end`,
        windowStart: sql<number>`case when rate_counters."windowStart" <= ${expired} then ${now} else rate_counters."windowStart" end`,
        lastAt: now,
      }),
    )
    .returning(['key', 'count', 'windowStart', 'lastAt'])
    .execute();
  const after = new Map(rows.map((row) => [row.key, row]));
  // A key hit n times here: its hits in the order given saw the counts n-1, n-2, ... below the one after them all.
  const laterHits = new Map(hits);
  return keys.map((key) => {
    const row = after.get(key)!;
    const later = laterHits.get(key)! - 1;
    laterHits.set(key, later);
    return { count: Number(row.count) - later, windowStart: Number(row.windowStart), lastAt: Number(row.lastAt) };
  });
}

/** The state of each of `keys` in its current window, or null when it has none, read in one statement. */
async function statesOf(
  db: Kysely<Database>,
  keys: readonly string[],
  windowMs: number,
  now: number,
): Promise<(CounterState | null)[]> {
  const rows = await db
    .selectFrom('rate_counters')
    .select(['key', 'count', 'windowStart', 'lastAt'])
    .where('key', 'in', [...new Set(keys)])
    .execute();
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return keys.map((key) => {
    const row = byKey.get(key);
    if (!row || Number(row.windowStart) <= now - windowMs) return null;
    return { count: Number(row.count), windowStart: Number(row.windowStart), lastAt: Number(row.lastAt) };
  });
}
