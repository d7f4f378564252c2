import { sql, type Kysely } from 'kysely';
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
export function createRateCounters(db: Kysely<Database>) {
  return {
    /** Counts one hit on `key` in a window of `windowMs` (a new window once the old one is over); returns the state after it. */
    async hit(key: string, windowMs: number, now = Date.now()): Promise<CounterState> {
      const expired = now - windowMs;
      const row = await db
        .insertInto('rate_counters')
        .values({ key, windowStart: now, count: 1, lastAt: now })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when rate_counters."windowStart" <= ${expired} then 1 else rate_counters.count + 1 end`,
            windowStart: sql<number>`case when rate_counters."windowStart" <= ${expired} then ${now} else rate_counters."windowStart" end`,
            lastAt: now,
          }),
        )
        .returning(['count', 'windowStart', 'lastAt'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), windowStart: Number(row.windowStart), lastAt: Number(row.lastAt) };
    },

    /** The state of `key` in its current window, or null when it has none. */
    async peek(key: string, windowMs: number, now = Date.now()): Promise<CounterState | null> {
      const row = await db
        .selectFrom('rate_counters')
        .select(['count', 'windowStart', 'lastAt'])
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row || Number(row.windowStart) <= now - windowMs) return null;
      return { count: Number(row.count), windowStart: Number(row.windowStart), lastAt: Number(row.lastAt) };
    },

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
