import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeTables } from '../../src/booking/restaurant-settings';
import { createInProcessFeed } from '../../src/server/change-feed/change-feed';
import { loadConfig } from '../../src/server/config';
import type { AppDatabase } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/logger';
import { prepareDatabase } from '../../src/server/server';
import { createLiveSettings } from '../../src/server/settings/live-settings';
import { markTableRetired, readSettings } from '../../src/server/settings/settings-store';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The copy of the owner's settings an instance keeps (settings/live-settings.ts) is trusted by every booking
// whose transaction finds the same version in the book. So a copy must never hold one version's number with
// another version's tables. Its reads are three queries; here one of them is held back, deterministically, while
// another change commits, which is what a busy pool of connections does now and then (the races in
// owner-settings-races.test.ts met it about every other run). PostgreSQL only: SQLite runs one query at a time.

/** Holds back the n-th query (from arming) whose SQL matches, until released. */
class Gate {
  private remaining = 0;
  private release_: () => void = () => undefined;
  private readonly released = new Promise<void>((resolve) => (this.release_ = resolve));
  private heldNow: () => void = () => undefined;
  /** Resolves once the query is being held. */
  readonly held = new Promise<void>((resolve) => (this.heldNow = resolve));

  constructor(private readonly pattern: RegExp) {}

  arm(nth: number) {
    this.remaining = nth;
  }

  async pass(sql: string): Promise<void> {
    if (this.remaining === 0 || !this.pattern.test(sql)) return;
    this.remaining -= 1;
    if (this.remaining > 0) return;
    this.heldNow();
    await this.released;
  }

  release() {
    this.release_();
  }
}

/** A pool whose clients let `gate` hold a query back before it is sent. */
function gatedPool(pool: pg.Pool, gate: Gate) {
  return {
    connect: async () => {
      const client = await pool.connect();
      return new Proxy(client, {
        get(target, key) {
          if (key === 'query')
            return async (sql: string, parameters: unknown[]) => {
              await gate.pass(sql);
              return target.query(sql, parameters);
            };
          const value = Reflect.get(target, key) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    },
    end: () => pool.end(),
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)("an instance's copy of the settings (PostgreSQL)", () => {
  let testDatabase: TestDatabase;
  let prepared: AppDatabase;
  const config = () =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: testDatabase.url,
      DATA_DIR: testDatabase.dataDir,
    });

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    prepared = await prepareDatabase(config(), createLogger(config()));
  });
  afterAll(async () => {
    await prepared?.close();
    await testDatabase?.drop();
  });

  it('is never one version with the tables of another, however its reads meet a change', async () => {
    const logger = createLogger(config());
    // The settings row's own read: `select * from "restaurant_settings" ...` (the version is read apart).
    const gate = new Gate(/^select \* from "restaurant_settings"/);
    const pool = new pg.Pool({ connectionString: testDatabase.url, max: 4 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: gatedPool(pool, gate) }) });
    const live = await createLiveSettings({
      db,
      dialect: 'postgres',
      feed: createInProcessFeed(),
      logger,
      now: () => new Date(),
    });
    const actor = { userId: 'owner', email: 'owner@example.com', role: 'admin' as const };
    try {
      // Change X: the rules. Its own transaction reads the row once; the read after its commit is held back.
      gate.arm(2);
      const x = live.change({
        actor,
        area: 'rules',
        apply: (_trx, current) =>
          Promise.resolve({ summary: 'X', sections: { rules: { ...current.rules, guestDaysAhead: 61 } }, result: 'X' }),
      });
      await gate.held;
      // Meanwhile change Y retires counter seat C5, and commits.
      await live.change({
        actor,
        area: 'tables',
        apply: async (trx) => {
          await markTableRetired(trx, 'C5', new Date().toISOString());
          return { summary: 'Y', result: 'Y' };
        },
      });
      gate.release();
      expect(await x).toBe('X');

      const book = (await readSettings(prepared.db))!;
      const copy = live.current();
      expect(copy.version).toBe(book.version);
      expect(activeTables(copy.tables).map((table) => table.id)).toEqual(activeTables(book.tables).map((t) => t.id));
      // What a booking obeys: the copy, when its version is the book's.
      const forBooking = await db.transaction().execute((trx) => live.forWrite(trx));
      expect(activeTables(forBooking.tables).map((table) => table.id)).not.toContain('C5');
    } finally {
      gate.release();
      live.stop();
      await db.destroy();
    }
  });
});
