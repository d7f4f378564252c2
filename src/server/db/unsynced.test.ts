import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from './database';
import { createRateCounters } from './rate-counters';
import type { Database } from './schema';

// SQLite's unsynced writes (database.ts, `unsynced`): the fair-use counters' hits are not synced on their own. Every
// other commit must stay synced (synchronous = FULL, so an acknowledged booking survives a power cut), and nothing
// else may run on the connection while it is not.

const FULL = 2;
const NORMAL = 1;
const syncLevel = async (db: Kysely<Database>) =>
  (await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]!.synchronous;

describe('unsynced writes on SQLite', () => {
  let folder: string;
  let database: AppDatabase;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'unsynced-'));
    database = openDatabase({ dialect: 'sqlite', file: join(folder, 'book.db') });
  });
  afterEach(async () => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('writes without a sync, and syncs every commit again after, even when the write fails', async () => {
    expect(await syncLevel(database.db)).toBe(FULL);
    // Twice: the pragmas' prepared statements are cached, and each must still set its level when it runs again.
    for (const time of ['first', 'second']) {
      expect(await database.unsynced!((connection) => syncLevel(connection)), time).toBe(NORMAL);
      expect(await syncLevel(database.db), time).toBe(FULL);
    }
    await expect(
      database.unsynced!(async (connection) => {
        await sql`insert into no_such_table values (1)`.execute(connection);
      }),
    ).rejects.toThrow(/no_such_table/);
    expect(await syncLevel(database.db)).toBe(FULL);
  });

  it('holds the connection: a transaction asked for meanwhile waits, and its commit is synced', async () => {
    let goOn!: () => void;
    const held = new Promise<void>((resolve) => (goOn = resolve));
    let started!: () => void;
    const writing = new Promise<void>((resolve) => (started = resolve));
    const write = database.unsynced!(async (connection) => {
      started();
      await held;
      return syncLevel(connection);
    });
    await writing;
    const transaction = database.db.transaction().execute((trx) => syncLevel(trx));
    goOn();
    expect(await write).toBe(NORMAL);
    expect(await transaction).toBe(FULL);
  });

  it("is how a counter's hit is written", async () => {
    await sql`create table rate_counters (key text primary key, count integer, "windowStart" integer, "lastAt" integer)`.execute(
      database.db,
    );
    let unsyncedWrites = 0;
    const counters = createRateCounters({
      db: database.db,
      unsynced: (write) => {
        unsyncedWrites += 1;
        return database.unsynced!(write);
      },
    });
    expect((await counters.hit('bookings:account:a', 60_000)).count).toBe(1);
    expect((await counters.hitEach(['bookings:account:a', 'b'], 60_000)).map((state) => state.count)).toEqual([2, 1]);
    expect(unsyncedWrites).toBe(2);
  });
});
