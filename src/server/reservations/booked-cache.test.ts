import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Reservation } from '../../shared/reservation';
import { createInProcessFeed, type ChangeFeed, type FeedStatus } from '../change-feed/change-feed';
import { openDatabase, type AppDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createBookedCache } from './booked-cache';
import { insertReservation } from './reservation-store';

const DATE = '2026-12-01';

const reservation = (id: string, tableIds: string[], startTime = 1800): Reservation => ({
  id,
  tableIds,
  startTime,
  endTime: startTime + 130,
  reservationDate: DATE,
  email: 'ann@example.com',
  reminderEmail: 'ann@example.com',
  partySize: 2,
  name: 'Ann Guest',
  phoneNumber: '5550100199',
  seatType: 'table',
  specialRequests: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
});

describe('the booked cache behind availability', () => {
  let dir: string;
  let database: AppDatabase;
  let feed: ChangeFeed;
  let setStatus: (status: FeedStatus) => void;
  let reads: number;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'booked-cache-'));
    database = openDatabase({ dialect: 'sqlite', file: join(dir, 'book.db') });
    await migrateToLatest(database.db, 'sqlite');
    await database.db
      .insertInto('tables')
      .values(
        ['1', '2', '3'].map((id) => ({
          id,
          numSeats: 4,
          location: 'floor' as const,
          isReservable: 1,
          position: Number(id),
        })),
      )
      .execute();
    const statusListeners = new Set<(status: FeedStatus) => void>();
    feed = { ...createInProcessFeed(), onStatus: (listener) => (statusListeners.add(listener), () => undefined) };
    setStatus = (status) => statusListeners.forEach((listener) => listener(status));
    reads = 0;
  });
  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * The database as the cache sees it, counting the reads that reach it: each executed select, counted by its result
   * (a select built of two, the reservations and the blocks in one union, is one read).
   */
  const counted = () => {
    const selects = new Set<unknown>();
    return database.db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'SelectQueryNode') selects.add(args.queryId);
        return args.node;
      },
      transformResult: (args) => {
        if (selects.delete(args.queryId)) reads++;
        return Promise.resolve(args.result);
      },
    });
  };

  const book = async (r: Reservation) => {
    await database.db.transaction().execute((trx) => insertReservation(trx, r, null, undefined));
    feed.publish({ type: 'created', reservation: r });
  };

  it('reads a date once, shares one read among requests at once, and reads again after a change of that date', async () => {
    const cache = createBookedCache({ db: counted(), feed });
    await book(reservation('a', ['1']));
    const [first, second] = await Promise.all([cache.get(DATE), cache.get(DATE)]);
    expect(first.map((r) => r.id)).toEqual(['a']);
    expect(second).toBe(first);
    await cache.get(DATE);
    expect(reads).toBe(1);

    await book(reservation('b', ['2']));
    expect((await cache.get(DATE)).map((r) => r.id).sort()).toEqual(['a', 'b']);
    expect(reads).toBe(2);
    // Another date's change leaves this one's copy.
    feed.publish({ type: 'deleted', id: 'x', reservationDate: '2026-12-02' });
    await cache.get(DATE);
    expect(reads).toBe(2);
    // A reservation moved away from the date, and one cancelled, drop it too.
    feed.publish({
      type: 'updated',
      reservation: { ...reservation('a', ['1']), reservationDate: '2026-12-03' },
      previousDate: DATE,
    });
    await cache.get(DATE);
    feed.publish({ type: 'deleted', id: 'b', reservationDate: DATE });
    await cache.get(DATE);
    expect(reads).toBe(4);
    cache.stop();
  });

  it('does not keep a read that was running when a change of its date was heard', async () => {
    const cache = createBookedCache({ db: counted(), feed });
    const running = cache.get(DATE);
    // The change lands while the read is on its way: what the read finds may be from before it.
    await book(reservation('late', ['3']));
    await running;
    expect((await cache.get(DATE)).map((r) => r.id)).toEqual(['late']);
    expect(reads).toBe(2);
    cache.stop();
  });

  it('keeps nothing while the feed is not listening, and a copy no longer than its age limit', async () => {
    let now = 0;
    const cache = createBookedCache({ db: counted(), feed, maxAgeMs: 1000, clock: () => now });
    setStatus('paused');
    await cache.get(DATE);
    await cache.get(DATE);
    expect(reads).toBe(2);
    setStatus('resumed');
    await cache.get(DATE);
    await cache.get(DATE);
    expect(reads).toBe(3);
    now = 999;
    await cache.get(DATE);
    expect(reads).toBe(3);
    now = 1000;
    await cache.get(DATE);
    expect(reads).toBe(4);
    cache.stop();
  });
  it('getFresh reads the database after the call, whatever the copy says, shares the read, and keeps it', async () => {
    const cache = createBookedCache({ db: counted(), feed });
    expect(await cache.get(DATE)).toEqual([]);
    // Booked on another instance whose word has not arrived: the copy still says the date is empty.
    await database.db
      .transaction()
      .execute((trx) => insertReservation(trx, reservation('elsewhere', ['1']), null, undefined));
    expect(await cache.get(DATE)).toEqual([]);
    // The first call starts a read; the two asking while it runs share the one after it.
    const [first, second, third] = await Promise.all([
      cache.getFresh(DATE),
      cache.getFresh(DATE),
      cache.getFresh(DATE),
    ]);
    expect(first.map((r) => r.id)).toEqual(['elsewhere']);
    expect(second.map((r) => r.id)).toEqual(['elsewhere']);
    expect(third).toBe(second);
    expect(reads).toBe(3);
    // What it read is now the copy.
    expect((await cache.get(DATE)).map((r) => r.id)).toEqual(['elsewhere']);
    expect(reads).toBe(3);
    cache.stop();
  });
});
