import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, todayIn, weekdayOf } from '../../src/booking/calendar';
import { holdBlocks } from '../../src/booking/hold-blocks';
import { loadConfig } from '../../src/server/config';
import { createLogger } from '../../src/server/logger';
import type { AdminReservation, Reservation } from '../../src/shared/reservation';
import { prepareDatabase } from '../../src/server/server';
import { startAppProcess, type AppProcess } from '../support/app-process';
import { auditBook } from '../support/book-integrity';
import { freePort } from '../support/free-port';
import { TestClient } from '../support/http-client';
import { OWNER, OWNER_ENV } from '../support/owner';
import { BACKUP_COMMAND, RESTORE_COMMAND, runCommand } from '../support/run-command';
import { NO_FAIR_USE_LIMITS } from '../support/fair-use';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// `npm run backup` while 8 clients book through the real server, then `npm run restore` of that backup into
// a fresh data folder, and the app started on it: every booking acknowledged before the backup began is
// there, exactly as answered; nothing is there that nobody booked; the book is whole (no half-written
// booking: each reservation has exactly its table holds) and SQLite's integrity_check passes. The book is
// filled beforehand with 20,000 reservations, so that the copy takes long enough for bookings to commit
// while it runs. SQLite only: on PostgreSQL the backup is pg_dump's (tests/integration/backups.test.ts).

const ADMINS = 4;
const GUESTS = 4;
const PREFILLED = 20_000;
const WARM_UP_BOOKINGS = 100;
const SEATINGS = [1700, 1730, 1800, 1830, 1900, 1930, 2000, 2030];
const ZONE = 'America/Los_Angeles';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Migrates a fresh database and writes `count` reservations (with their holds) far beyond anyone's booking window. */
async function prefill(database: TestDatabase, count: number): Promise<Set<string>> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir, DATABASE_URL: database.url });
  await (await prepareDatabase(config, createLogger({ env: 'test', logLevel: 'silent' }))).close();
  const db = new Database(database.url.slice('file:'.length));
  const tables = config.firstStartDefaults.tables.map((table) => table.id);
  const insert = db.prepare(
    `insert into reservations (id, tableIds, startTime, endTime, reservationDate, email, reminderEmail, partySize,
       name, phoneNumber, seatType, specialRequests, createdAt, updatedAt)
     values (?, ?, 1700, 1830, ?, 'regular@example.com', 'regular@example.com', 1, ?, '5550100199', 'table', null, ?, ?)`,
  );
  const hold = db.prepare(
    'insert into table_holds (tableId, reservationDate, blockStart, reservationId) values (?, ?, ?, ?)',
  );
  const ids = new Set<string>();
  const stamp = new Date().toISOString();
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      const table = tables[i % tables.length]!;
      const date = addDays('2031-01-01', Math.floor(i / tables.length));
      insert.run(id, JSON.stringify([table]), date, `Regular ${i}`, stamp, stamp);
      for (const block of holdBlocks(1700, 1830)) hold.run(table, date, block, id);
      ids.add(id);
    }
  })();
  db.close();
  return ids;
}

describe.skipIf(process.env.TEST_DATABASE_URL)('a backup taken while 8 clients book, restored elsewhere', () => {
  let source: TestDatabase | undefined;
  let fresh: TestDatabase | undefined;
  let app: AppProcess | undefined;
  const env = (database: TestDatabase) => ({
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    ...OWNER_ENV,
    // Eight clients book as fast as they can: the fair-use limits have tests of their own.
    ...NO_FAIR_USE_LIMITS,
  });

  afterAll(async () => {
    await app?.stop();
    await source?.drop();
    await fresh?.drop();
  });

  it('has every booking acknowledged before the backup began, whole, and nothing else', async () => {
    source = await createTestDatabase(undefined);
    const prefilled = await prefill(source, PREFILLED);
    app = await startAppProcess(await freePort(), env(source));

    const clients: { client: TestClient; email: string; role: 'admin' | 'guest' }[] = [];
    for (let i = 0; i < ADMINS; i++) {
      const client = new TestClient(app.url, {}, `127.0.0.${70 + i}`);
      expect((await client.signIn(OWNER.email, OWNER.password)).status).toBe(200);
      clients.push({ client, email: OWNER.email, role: 'admin' });
    }
    for (let i = 0; i < GUESTS; i++) {
      const email = `backup-guest${i}@example.com`;
      const client = new TestClient(app.url, {}, `127.0.0.${80 + i}`);
      expect((await client.signUp(email, `guest-password-${i}`)).status).toBe(200);
      clients.push({ client, email, role: 'guest' });
    }

    // Guests walk their 60-day window together (so they compete for tables); the admins spread over two years.
    const today = todayIn(ZONE);
    const openDates = (from: number, days: number) =>
      Array.from({ length: days }, (_, i) => addDays(today, from + i)).filter((date) => weekdayOf(date) !== 1);
    const guestDates = openDates(2, 56);
    const adminDates = openDates(61, 600);

    /** Every 201: what the server answered, and when (performance.now()). */
    const acknowledged = new Map<string, { answer: Reservation; at: number }>();
    let refused = 0;
    const clientErrors: unknown[] = [];
    let running = true;
    const run = async (index: number) => {
      const { client, email, role } = clients[index]!;
      for (let n = 0; running; n++) {
        const response = await client.post('/api/reservations', {
          name: `Backup ${index}-${n}`,
          phoneNumber: '555-010-0199',
          reservationDate:
            role === 'guest'
              ? guestDates[Math.floor(n / 3) % guestDates.length]!
              : adminDates[(index * 97 + n * 7) % adminDates.length]!,
          startTime: SEATINGS[(index + n) % SEATINGS.length]!,
          partySize: (n % 4) + 1,
          seatType: n % 3 === 0 ? 'counter' : 'table',
          reminderEmail: email,
          ...(n % 5 === 0 ? { specialRequests: `Note ${index}-${n}` } : {}),
        });
        if (response.status === 201) {
          const answer = response.body.reservation as Reservation;
          acknowledged.set(answer.id, { answer, at: performance.now() });
        } else if (response.status === 409) refused++;
        else throw new Error(`booking answered ${response.status}: ${JSON.stringify(response.body)}`);
      }
    };
    const load = clients.map((_, i) =>
      run(i).catch((error: unknown) => {
        clientErrors.push(error);
        running = false;
      }),
    );

    let backup: Awaited<ReturnType<typeof runCommand>>;
    let beforeBackup: Set<string>;
    try {
      // Bookings flowing first (counted, not timed: the machine may be busy with other tests).
      while (acknowledged.size < WARM_UP_BOOKINGS && running) await sleep(20);
      // The line: everything acknowledged up to this instant must be in the backup.
      beforeBackup = new Set(acknowledged.keys());
      backup = await runCommand(BACKUP_COMMAND, [], env(source));
      await sleep(500);
    } finally {
      running = false;
      await Promise.all(load);
    }
    expect(clientErrors).toEqual([]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const file = /^Backup written: (\S+) \((\d+) reservations/.exec(backup.stdout)?.[1];
    expect(file, backup.stdout).toBeDefined();
    // The app kept taking bookings while the backup command ran.
    const duringBackup = [...acknowledged.values()].filter(
      ({ at }) => at > backup.startedAt && at < backup.exitedAt,
    ).length;
    expect(beforeBackup.size).toBeGreaterThanOrEqual(WARM_UP_BOOKINGS);
    expect(duringBackup).toBeGreaterThan(0);
    await app.stop();
    app = undefined;

    // A new machine: a fresh data folder, the backup restored into it, the app started on it.
    fresh = await createTestDatabase(undefined);
    const restore = await runCommand(RESTORE_COMMAND, [file!], env(fresh));
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const restoredCount = Number(
      /^ {2}(\d+) reservations, \d+ accounts, and the auth secret/m.exec(restore.stdout)?.[1],
    );

    app = await startAppProcess(await freePort(), env(fresh));
    const admin = new TestClient(app.url, {}, '127.0.0.90');
    expect((await admin.signIn(OWNER.email, OWNER.password)).status).toBe(200);
    const all = (await admin.get('/api/reservations/all')).body.reservations as AdminReservation[];
    // The admin's read adds the host's marks to the wire's fields; the wire's are compared with the answers.
    const stored = new Map(all.map(({ service: _marks, ...reservation }) => [reservation.id, reservation]));
    expect(stored.size).toBe(restoredCount);

    // Every booking acknowledged before the backup began is there, exactly as the server answered it.
    expect([...beforeBackup].filter((id) => !stored.has(id))).toEqual([]);
    for (const id of beforeBackup) expect(stored.get(id)).toEqual(acknowledged.get(id)!.answer);
    // Bookings acknowledged after the line may or may not be in it, but whole; nothing is there that nobody booked.
    const later = [...stored.keys()].filter((id) => !beforeBackup.has(id) && !prefilled.has(id));
    for (const id of later) expect(stored.get(id)).toEqual(acknowledged.get(id)?.answer);
    expect([...prefilled].filter((id) => !stored.has(id))).toEqual([]);
    // A guest's session from the old machine still works: the auth secret came back with the book.
    const guest = new TestClient(app.url, { cookie: clients[ADMINS]!.client.cookieHeader() });
    expect((await guest.session())?.email).toBe('backup-guest0@example.com');

    await app.stop();
    app = undefined;
    const audit = await auditBook(fresh.url);
    expect(audit.engineCheck).toBe('ok');
    expect(audit.doubleBookings).toBe(0);
    expect(audit.holdMismatches).toBe(0);
    expect(audit.reservations).toHaveLength(restoredCount);

    console.log(
      `backup under load: ${clients.length} clients, ${acknowledged.size} bookings acknowledged (${refused} refused as ` +
        `full), ${beforeBackup.size} before the backup began, ${duringBackup} while the backup command ran; ` +
        `backup: ${backup.stdout.trim()}; restored ${restoredCount} reservations ` +
        `(${PREFILLED} prefilled + ${beforeBackup.size} before the backup began + ${later.length} acknowledged after that, before the copy's snapshot); ` +
        `engine check: ${audit.engineCheckMethod}`,
    );
  });
});
