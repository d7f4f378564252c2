import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../support/app-process';
import { auditBook } from '../support/book-integrity';
import { NO_FAIR_USE_LIMITS } from '../support/fair-use';
import { freePort } from '../support/free-port';
import { OWNER, OWNER_ENV } from '../support/owner';
import { mib, runSoak, soakMemory } from '../support/soak-traffic';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Soak: SOAK_SECONDS (default 300) of mixed traffic against the app running as its own process, so its
// memory can be read from outside (/proc/<pid>/status) without the test runner's own allocations mixed in.
// The traffic (tests/support/soak-traffic.ts): guests browse, book, edit and cancel; the admin reads the book
// and keeps one day's live stream open the whole time. No request may fail (a 409 "slot taken" is a business answer, counted apart), the stream must
// stay open and keep telling the truth, and the resident memory must level off.

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 300);

describe(`soak: ${SOAK_SECONDS} s of mixed traffic`, () => {
  let database: TestDatabase;
  let app: AppProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startAppProcess(await freePort(), {
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url,
      ...OWNER_ENV,
      // A few guests book over and over for five minutes: a load, not fair use.
      ...NO_FAIR_USE_LIMITS,
    });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('answers every request, keeps the admin stream live and right, and levels off in memory', async () => {
    const { counts, failures, memory, snapshots, streamEndedEarly, dayIds, deadline } = await runSoak(app.url, {
      seconds: SOAK_SECONDS,
      admin: OWNER,
      rss: () => app.rss(),
    });
    const lastSnapshot = snapshots.at(-1);

    // Memory, read from outside as the process's resident set (tests/support/soak-traffic.ts says how the
    // windows are chosen). Threshold 20%: between the minute after warm-up and the last minute the 5-minute
    // runs moved by a few percent (single samples swing about 10% as V8 compacts), while a leak grows with
    // the traffic and does not level off; the printed sensitivity is the smallest leak per request that
    // would cross 20%.
    const { baseline, end, peak, requestsBetween, judged, timeline } = soakMemory(memory, SOAK_SECONDS);
    const gaps = snapshots.slice(1).map((snapshot, i) => snapshot.at - snapshots[i]!.at);
    const longestGap = Math.max(0, ...gaps);

    console.log(
      `soak (${database.dialect}, ${SOAK_SECONDS} s): ${counts.requests} requests, ${failures.length} errors, ` +
        `${counts.slotTaken} slot-taken 409s; ${counts.booked} booked, ${counts.edited} edited, ` +
        `${counts.moved} moved, ${counts.cancelled} cancelled; ${snapshots.length} stream snapshots; ` +
        `longest gap ${longestGap} ms; RSS after warm-up ${mib(baseline)} MiB, at the end ${mib(end)} MiB ` +
        `(${((end / baseline - 1) * 100).toFixed(1)}%), peak ${mib(peak)} MiB` +
        (judged
          ? `; 20% catches a leak above ${Math.round((baseline * 0.2) / requestsBetween)} bytes/request`
          : '; memory not judged on a run under 3 minutes') +
        `\n  RSS MiB timeline: ${timeline}`,
    );

    expect(failures.slice(0, 10)).toEqual([]);
    // The traffic really was mixed.
    expect(counts.booked).toBeGreaterThan(SOAK_SECONDS);
    expect(counts.edited).toBeGreaterThan(0);
    expect(counts.moved).toBeGreaterThan(0);
    expect(counts.cancelled).toBeGreaterThan(0);

    // The stream stayed open, delivered all along (at least one snapshot every 5 s on average, never 10 s
    // without one while bookings kept landing on its day) and its last word matches the book.
    expect(streamEndedEarly).toBe(false);
    expect(snapshots.length).toBeGreaterThan(SOAK_SECONDS / 5);
    expect(longestGap).toBeLessThan(10_000);
    expect(lastSnapshot!.at).toBeGreaterThan(deadline - 10_000);
    expect(lastSnapshot!.ids).toEqual(dayIds);

    if (judged) expect(end).toBeLessThanOrEqual(baseline * 1.2);

    const audit = await auditBook(database.url);
    expect(audit.doubleBookings).toBe(0);
    expect(audit.holdMismatches).toBe(0);
  });
});
