import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type AppDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { createRateCounters, type RateCounters } from '../../src/server/db/rate-counters';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Issue 31: the booking limits count the attempts of guests booking at once in one statement (hitEach), and read
// their networks' counts in one (peekEach). Each hit must still count once and see the count as if the hits had
// come one after another, on both databases.

const WINDOW_MS = 60_000;
const T0 = 1_800_000_000_000;

describe('rate counters, many keys in one statement', () => {
  let testDatabase: TestDatabase;
  let database: AppDatabase;
  let counters: RateCounters;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: testDatabase.url, DATA_DIR: testDatabase.dataDir });
    database = openDatabase(config.database);
    await migrateToLatest(database.db, database.dialect);
    counters = createRateCounters(database);
  });
  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
  });

  it('counts each hit once, a key given twice seeing the counts one after another would', async () => {
    await counters.hit('b', WINDOW_MS, T0);
    const states = await counters.hitEach(['c', 'b', 'a', 'b', 'c', 'b'], WINDOW_MS, T0 + 1);
    expect(states.map((state) => state.count)).toEqual([1, 2, 1, 3, 2, 4]);
    // The window of a key already counted goes on; a new key's begins now.
    expect(states.map((state) => state.windowStart)).toEqual([T0 + 1, T0, T0 + 1, T0, T0 + 1, T0]);
    expect(states.every((state) => state.lastAt === T0 + 1)).toBe(true);
    expect(
      (await counters.peekEach(['a', 'b', 'c', 'none'], WINDOW_MS, T0 + 2)).map((state) => state?.count ?? null),
    ).toEqual([1, 4, 2, null]);
  });

  it('begins a new window for a key whose window is over, counting from one', async () => {
    const later = T0 + WINDOW_MS + 10;
    const states = await counters.hitEach(['b', 'd', 'b'], WINDOW_MS, later);
    expect(states.map((state) => [state.count, state.windowStart])).toEqual([
      [1, later],
      [1, later],
      [2, later],
    ]);
    // Read after its window: no state, as peek says of one.
    expect(await counters.peekEach(['a'], WINDOW_MS, later)).toEqual([null]);
    expect(await counters.peek('a', WINDOW_MS, later)).toBeNull();
    expect((await counters.peek('b', WINDOW_MS, later))?.count).toBe(2);
  });
});
