import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, closeSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn, weekdayOf } from '../../src/booking/calendar';
import { auditBook } from '../support/book-integrity';
import { NO_FAIR_USE_LIMITS } from '../support/fair-use';
import { TestClient } from '../support/http-client';
import { OWNER_ENV } from '../support/owner';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 14: SQLite on a disk that fills up, then goes read-only, under a booking load. Each time readiness and
// writes answer 503 with a message, everything recovers without a restart once the disk is fixed, nothing
// acknowledged is lost, and the file passes integrity_check. The data folder is a small tmpfs of the test's
// own, filled up for real; where mounting is not allowed, SQLite itself is made full (max_page_count). A
// read-only database is made with query_only. Runs in the SQLite pass of CI.

const UNAVAILABLE = 'The reservation book cannot be reached right now. Please try again in a minute.';
const SEATINGS = [1700, 1730, 1800, 1830, 1900, 1930, 2000, 2030];
type Fault = [name: string, make: () => Promise<void>, fix: () => Promise<void>, reason: RegExp];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tryMountTmpfs(dir: string, size: string): boolean {
  return spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]).status === 0;
}

/** Writes zeros into `file` until the file system says it is full. */
function fillUp(file: string) {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

describe.skipIf(process.env.TEST_DATABASE_URL)('SQLite on a disk that fills up and goes read-only', () => {
  let mountPoint: string;
  let mounted: boolean;
  let server: TestServer;
  let databaseFile: string;

  beforeAll(async () => {
    mountPoint = mkdtempSync(join(tmpdir(), 'small-disk-'));
    mounted = process.env.NO_MOUNT ? false : tryMountTmpfs(mountPoint, '24m');
    const dataDir = join(mountPoint, 'data');
    mkdirSync(dataDir);
    databaseFile = join(dataDir, 'reservations.db');
    server = await startTestServer({
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: `file:${databaseFile}`,
        ...OWNER_ENV,
        ...NO_FAIR_USE_LIMITS,
        LOG_LEVEL: process.env.DISK_LOG ?? 'silent',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (mounted) execFileSync('umount', ['-l', mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it('answers 503 while writes fail, recovers by itself, and loses nothing', async () => {
    const db = server.database.db;
    const today = todayIn('America/Los_Angeles');
    const dates = Array.from({ length: 50 }, (_, i) => addDays(today, 2 + i)).filter((d) => weekdayOf(d) !== 1);
    // Inside the guests' window, and not among the load's dates.
    let probeDate = addDays(today, 55);
    while (weekdayOf(probeDate) === 1) probeDate = addDays(probeDate, 1);
    const acknowledged = new Set<string>();
    const statuses = new Map<number, number>();
    const unavailableBodies = new Set<string>();
    let running = true;
    let cancels = 0;
    let bookingsMade = 0; // acknowledged.size shrinks when the load cancels
    const clients: TestClient[] = [];
    for (let i = 0; i < 3; i++) {
      const guest = new TestClient(server.url, {}, `127.0.4.${i + 1}`);
      expect((await guest.signUp(`disk${i}@example.com`, 'disk-password-1')).status).toBe(200);
      clients.push(guest);
    }
    // Retries a write while it answers 503; stops when the test does, even mid-fault: a failed assertion must end
    // the test, not leave it retrying.
    const untilSettled = async (write: () => Promise<{ status: number; body: any }>) => {
      while (running) {
        const answer = await write();
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status !== 503) return answer;
        unavailableBodies.add(JSON.stringify(answer.body));
        await sleep(100);
      }
      return undefined;
    };
    // The app books fast enough to fill every date the load uses before the faults are over: a guest told the
    // time is taken cancels their oldest booking, so there is always room and "bookings go through again" can
    // only fail for the fault.
    const load = clients.map(async (client, index) => {
      const mine: string[] = [];
      for (let n = 0; running; n++) {
        const booked = await untilSettled(() =>
          client.post('/api/reservations', {
            id: randomUUID(),
            name: `Disk ${index}-${n} ${'x'.repeat(60)}`,
            phoneNumber: '5550100199',
            reservationDate: dates[(index * 7 + n) % dates.length],
            startTime: SEATINGS[(index + n) % SEATINGS.length],
            partySize: (n % 3) + 1,
            seatType: n % 4 === 0 ? 'counter' : 'table',
            reminderEmail: `disk${index}@example.com`,
            specialRequests: 'y'.repeat(400),
          }),
        );
        if (booked?.status === 201) {
          acknowledged.add(booked.body.reservation.id as string);
          mine.push(booked.body.reservation.id as string);
          bookingsMade++;
        } else if (booked?.status === 409 && mine.length > 0) {
          const id = mine.shift()!;
          const cancelled = await untilSettled(() => client.delete(`/api/reservations/${id}`));
          if (cancelled?.status === 200) {
            acknowledged.delete(id);
            cancels++;
          } else if (cancelled)
            throw new Error(`cancel answered ${cancelled.status}: ${JSON.stringify(cancelled.body)}`);
        } else if (booked && booked.status !== 409) {
          throw new Error(`booking answered ${booked.status}: ${JSON.stringify(booked.body)}`);
        }
      }
    });
    const readiness = async () => {
      const response = await fetch(`${server.url}/api/health/ready`);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const waitFor = async (want: number, label: string) => {
      for (const deadline = Date.now() + 30_000; ;) {
        const ready = await readiness();
        if (ready.status === want) return ready;
        if (Date.now() > deadline) throw new Error(`readiness never answered ${want}: ${label}`);
        await sleep(200);
      }
    };

    const filler = join(mountPoint, 'filler');
    const full: Fault = mounted
      ? [
          'a full disk',
          () => Promise.resolve(fillUp(filler)),
          () => Promise.resolve(rmSync(filler)),
          /SQLITE_FULL|full/i,
        ]
      : [
          'a full database (max_page_count)',
          async () => {
            const pages = await sql<{ page_count: number }>`pragma page_count`.execute(db);
            await sql.raw(`pragma max_page_count = ${pages.rows[0]!.page_count}`).execute(db);
          },
          async () => void (await sql`pragma max_page_count = 1073741823`.execute(db)),
          /SQLITE_FULL|full/i,
        ];
    // A file system cannot be remounted read-only while the database is open on it: SQLite is told instead.
    const readOnly: Fault = [
      'a read-only database (query_only)',
      async () => void (await sql`pragma query_only = 1`.execute(db)),
      async () => void (await sql`pragma query_only = 0`.execute(db)),
      /READONLY|readonly/i,
    ];
    const faults = [full, readOnly];

    const report: string[] = [];
    try {
      for (const fault of faults) {
        const [name, make, fix, reason] = fault;
        await sleep(1_500);
        const before = bookingsMade;
        await make();
        const down = await waitFor(503, `${name}: not ready while writes fail`);
        expect(down.body).toMatchObject({
          status: 'unavailable',
          failing: 'database',
          reason: expect.stringMatching(reason),
        });
        // Writes now fail with a 503 and the message. On a full disk SQLite can still commit into room its WAL
        // file had already claimed, so a booking may go through (and is kept: it is acknowledged like any other)
        // until that room is used up: the probe books, and cancels what went through, until it is refused. Its
        // bookings go on a date and time the load never books, so only the fault can refuse them.
        let refused: Awaited<ReturnType<TestClient['post']>> | undefined;
        let fitted = 0;
        for (let tries = 0; tries < 50 && refused?.status !== 503; tries++) {
          refused = await clients[0]!.post('/api/reservations', {
            name: 'While broken',
            phoneNumber: '5550100199',
            reservationDate: probeDate,
            startTime: SEATINGS[faults.indexOf(fault)],
            partySize: 2,
            reminderEmail: 'disk0@example.com',
          });
          statuses.set(refused.status, (statuses.get(refused.status) ?? 0) + 1);
          if (refused.status !== 201) continue;
          fitted++;
          acknowledged.add(refused.body.reservation.id as string);
          const cancelled = await clients[0]!.delete(`/api/reservations/${refused.body.reservation.id}`);
          statuses.set(cancelled.status, (statuses.get(cancelled.status) ?? 0) + 1);
          if (cancelled.status === 200) acknowledged.delete(refused.body.reservation.id as string);
          else refused = cancelled; // the cancel, a write too, was refused: the booking stays, acknowledged
        }
        expect(refused).toMatchObject({ status: 503, body: { error: { message: UNAVAILABLE } } });
        await sleep(2_000);
        await fix();
        const fixedAt = Date.now();
        await waitFor(200, `${name}: ready again once fixed, without a restart`);
        const during = bookingsMade;
        await sleep(2_000);
        expect(bookingsMade, `${name}: bookings go through again`).toBeGreaterThan(during);
        report.push(
          `${name}: ready ${Date.now() - fixedAt - 2_000} ms after the fix (${during - before} booked before; ${fitted} probe bookings fitted before one was refused)`,
        );
      }
    } finally {
      running = false;
      await Promise.all(load);
    }

    const audit = await auditBook(`file:${databaseFile}`);
    const stored = new Set(audit.reservations.map((r) => r.id));
    expect([...acknowledged].filter((id) => !stored.has(id))).toEqual([]);
    expect(audit.doubleBookings).toBe(0);
    expect(audit.holdMismatches).toBe(0);
    expect(audit.engineCheck).toBe('ok');
    expect(statuses.get(500) ?? 0).toBe(0);
    expect([...unavailableBodies]).toEqual([JSON.stringify({ error: { message: UNAVAILABLE, code: 'unavailable' } })]);
    console.log(
      `disk faults (SQLite, ${mounted ? 'a 24 MB tmpfs' : 'faults made in SQLite'}): ${acknowledged.size} acknowledged, ` +
        `0 lost, ${cancels} cancelled to make room, statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        report.join('; '),
    );
  });
});
