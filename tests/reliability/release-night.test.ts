import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../support/app-process';
import { freePort } from '../support/free-port';
import {
  checkSessions,
  makeSignedInGuests,
  newlyOpenedDate,
  readReleaseBook,
  releaseNight,
  type AppAuthEnv,
} from '../support/release-night';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Release night, small: 300 signed-in guests arrive within a second for one newly opened date, as in the bench's
// release scenario (bench/release.ts, 2,000 in 2 s), and every answer must keep the contract: no 5xx, no
// timeout, no double booking (read from the database, not from the app's guard), each table at each seating
// sold at most once, every acknowledged booking in the book, and every guest told no told why.

const GUESTS = 300;
const SPREAD_MS = 1000;
const TIME_ZONE = 'America/Los_Angeles';

describe(`release night: ${GUESTS} guests in ${SPREAD_MS / 1000} s for one new date`, () => {
  let database: TestDatabase;
  let app: AppProcess;
  let env: AppAuthEnv;

  beforeAll(async () => {
    database = await createTestDatabase();
    const port = await freePort();
    env = { DATA_DIR: database.dataDir, DATABASE_URL: database.url, PUBLIC_URL: `http://127.0.0.1:${port}` };
    // The app's fair-use defaults, but for the per-address booking rate: every guest here comes from 127.0.0.1.
    app = await startAppProcess(port, { ...env, BOOKING_RATE_PER_ADDRESS: '0' });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('answers every guest within the contract and sells each table-seating at most once', async () => {
    const startedAt = performance.now();
    const guests = await makeSignedInGuests(env, GUESTS);
    await checkSessions(app.url, guests);
    const date = await newlyOpenedDate(database.url, TIME_ZONE);
    const prepared = performance.now();

    const run = await releaseNight({ url: app.url, guests, date, spreadMs: SPREAD_MS, timeoutMs: 20_000 });
    const book = await readReleaseBook(database.url, date, run.acknowledged);

    const p = (values: number[], q: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN);
    };
    console.log(
      `release night (${database.dialect}, ${GUESTS} guests in ${SPREAD_MS} ms, ${date}): ` +
        `guests ready in ${((prepared - startedAt) / 1000).toFixed(1)} s; ` +
        `availability p50 ${p(run.availabilityMs, 0.5)} ms p99 ${p(run.availabilityMs, 0.99)} ms, ` +
        `booking p50 ${p(run.bookingMs, 0.5)} ms p99 ${p(run.bookingMs, 0.99)} ms; ` +
        `last answer ${Math.round(run.lastAnswerMs)} ms after the first request, ` +
        `${Math.round(run.lastAnswerMs - run.lastArrivalMs)} ms after the last arrival; ` +
        `${run.booked} booked, ${run.toldNoTimes} told no times left, ${run.toldByRefusal} refused twice ` +
        `(${run.retried} retried; refusals ${JSON.stringify(run.refusalCodes)}); failures ${JSON.stringify(run.failures)}; ` +
        `table-seatings sold ${book.tableSeatings.sold} of ${book.tableSeatings.exist}, ` +
        `seats ${book.seatSeatings.sold} of ${book.seatSeatings.exist}, ${book.guestsSeated} guests seated; ` +
        `RSS ${(app.rss() / 2 ** 20).toFixed(1)} MiB`,
    );

    // Every answer was a 200/201 or a 4xx with a message: no 5xx, no timeout, no network error.
    expect(run.failureSamples).toEqual([]);
    expect(run.failures).toEqual({ 'server-error': 0, timeout: 0, network: 0, 'no-message': 0, unexpected: 0 });
    // Every guest had an outcome, and the guests who were told no were told why: by the booking's refusal (a
    // 409 with the spec's message, checked non-empty above) or by availability offering no time left for a
    // bookable date (the page then says "No times are available on this date").
    expect(run.booked + run.toldNoTimes + run.toldByRefusal).toBe(GUESTS);
    expect(Object.keys(run.refusalCodes)).toEqual(run.retried > 0 ? ['slot_taken'] : []);
    // The release sold seats, and was contended: more guests than seats.
    expect(run.booked).toBeGreaterThan(0);
    expect(run.toldNoTimes + run.toldByRefusal).toBeGreaterThan(0);

    // The book, read from the database: each table at each seating held at most once, no two reservations
    // overlapping on a table, holds matching their reservations, and exactly the acknowledged bookings.
    expect(book.tableSeatings.soldMoreThanOnce).toBe(0);
    expect(book.overlappingPairs).toBe(0);
    expect(book.holdMismatches).toBe(0);
    expect(book.offTables).toBe(0);
    expect(book.engineCheck).toBe('ok');
    expect(book.reservations).toBe(run.booked);
    expect(book.lostAcknowledged).toBe(0);
    expect(book.unacknowledged).toBe(0);
    expect(book.accountsBookedTwice).toBe(0);
    expect(book.tableSeatings.sold).toBeLessThanOrEqual(book.tableSeatings.exist);
  });
});
