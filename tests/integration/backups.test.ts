import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatLongDate, todayIn, weekdayOf } from '../../src/booking/calendar';
import { createBackup } from '../../src/server/backups/create-backup';
import { RESTORE_TIMEOUT_MS, RestoreRefused, restoreBackup } from '../../src/server/backups/restore-backup';
import { startAppProcess, type AppProcess } from '../support/app-process';
import { NO_FAIR_USE_LIMITS } from '../support/fair-use';
import { freePort } from '../support/free-port';
import { TestClient } from '../support/http-client';
import { OWNER, OWNER_ENV } from '../support/owner';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';
import { BACKUP_COMMAND, RESTORE_COMMAND, runCommand } from '../support/run-command';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// Backups as the owner meets them: `npm run backup` and `npm run restore` as separate processes beside the
// running app (SQLite), the daily snapshot inside the app on a controlled clock, and on PostgreSQL the plain
// word that pg_dump is the tool. The backup under booking load is tests/reliability/backup-under-load.test.ts.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ZONE = 'America/Los_Angeles';

/** What a backup file holds, read straight from it. */
function readBackup(file: string) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = new Set(db.prepare("select name from sqlite_schema where type = 'table'").pluck().all() as string[]);
    return {
      integrity: (db.pragma('integrity_check', { simple: true }) as string) ?? '',
      names: (db.prepare('select name from reservations order by name').pluck().all() as string[]).sort(),
      accounts: db.prepare('select count(*) from user').pluck().get() as number,
      tables,
      info: tables.has('backup_info')
        ? Object.fromEntries(
            (db.prepare('select key, value from backup_info').all() as { key: string; value: string }[]).map(
              ({ key, value }) => [key, value],
            ),
          )
        : undefined,
    };
  } finally {
    db.close();
  }
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/**
 * What restore could replace in a data folder: each file and its content. Not SQLite's -shm, the scratch memory a
 * reader may touch; nor, while the app runs (`appRunning`), its -wal, where the app itself writes every few
 * seconds (its readiness probe).
 */
function bookState(dir: string, { appRunning = false } = {}): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => !name.endsWith('-shm') && !(appRunning && name.endsWith('-wal')))
      .sort()
      .map((name) => {
        const path = join(dir, name);
        return [name, statSync(path).isDirectory() ? 'folder' : sha256(path)];
      }),
  );
}

/** The next `count` open days (Tuesday to Sunday) from tomorrow in the restaurant's zone. */
function openDays(count: number): string[] {
  const days: string[] = [];
  for (let date = addDays(todayIn(ZONE), 1); days.length < count; date = addDays(date, 1))
    if (weekdayOf(date) !== 1) days.push(date);
  return days;
}

const BACKUP_LINE =
  /^Backup written: (\S+\/reservations-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.db) \((\d+) reservations, (\d+) accounts, (.+); integrity_check ok; [\d.]+ s\)$/;

describe.skipIf(onPostgres)('backup and restore commands on SQLite, beside the running app', () => {
  // The app runs as its own process, as on a server: the commands meet it only through the data folder.
  let database: TestDatabase;
  let app: AppProcess | undefined;
  let dataDir: string;
  let dbFile: string;
  let env: Record<string, string>;
  let guest: TestClient;
  /** `npm run backup` as it ran beside the app, with Ann's first two bookings; the book moved on after it. */
  let backupRun: Awaited<ReturnType<typeof runCommand>>;
  let backupFile: string;
  const [tuesday, wednesday] = openDays(2);

  /** Stops the app (restore wants it stopped); its exit code, or undefined when it was not running. */
  async function stopApp() {
    const code = await app?.stop();
    app = undefined;
    return code;
  }

  // What every test here starts from, whichever runs: Ann's two bookings, a backup of them taken while the app
  // runs, and a third booking after it.
  beforeAll(async () => {
    database = await createTestDatabase(undefined);
    dataDir = database.dataDir;
    dbFile = database.url.slice('file:'.length);
    env = { DATA_DIR: dataDir, DATABASE_URL: database.url };
    // One guest books twice on a day: a backup's contents, not fair use.
    app = await startAppProcess(await freePort(), { ...env, ...OWNER_ENV, ...NO_FAIR_USE_LIMITS });
    guest = new TestClient(app.url, {}, '127.0.0.60');
    expect((await guest.signUp('ann@example.com', 'ann-password-1')).status).toBe(200);
    for (const startTime of [1700, 1900]) {
      const booked = await guest.api.reservations.$post({
        json: bookingBody({ reservationDate: tuesday, startTime, name: `Ann at ${startTime}` }),
      });
      expect(booked.status).toBe(201);
    }
    backupRun = await runCommand(BACKUP_COMMAND, [], env);
    backupFile = BACKUP_LINE.exec(backupRun.stdout.trim())?.[1] ?? '';

    // The book moves on after the backup.
    const later = await guest.api.reservations.$post({
      json: bookingBody({ reservationDate: wednesday, name: 'Ann after the backup' }),
    });
    expect(later.status).toBe(201);
  });
  afterAll(async () => {
    await stopApp();
    await database?.drop();
  });

  it('npm run backup writes a dated, checked copy with the auth secret while the app runs', () => {
    const result = backupRun;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const [, file, reservations, accounts, secret] = BACKUP_LINE.exec(result.stdout.trim()) ?? [];
    expect(file, result.stdout).toBeDefined();
    expect([reservations, accounts, secret]).toEqual(['2', '2', 'auth secret included']);
    expect(dirname(file!)).toBe(join(dataDir, 'backups'));
    // Nothing half-written is left behind.
    expect(readdirSync(join(dataDir, 'backups'))).toEqual([basename(file!)]);
    // Only the owner may read it: it holds every guest's details and the key that signs their sessions.
    expect(statSync(file!).mode & 0o777).toBe(0o600);

    const copy = readBackup(file!);
    expect(copy.integrity).toBe('ok');
    expect(copy.names).toEqual(['Ann at 1700', 'Ann at 1900']);
    expect(copy.accounts).toBe(2);
    expect(copy.info?.authSecret).toBe(readFileSync(join(dataDir, 'auth-secret'), 'utf8').trim());
    // Dated when the command ran.
    const createdAt = Date.parse(copy.info!.createdAt!);
    expect(createdAt).toBeGreaterThanOrEqual(Math.floor(performance.timeOrigin + result.startedAt));
    expect(createdAt).toBeLessThanOrEqual(Math.ceil(performance.timeOrigin + result.exitedAt));
  });

  it('says when the secret is not in the backup because it comes from AUTH_SECRET', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'backups-elsewhere-'));
    try {
      const result = await runCommand(BACKUP_COMMAND, [], {
        ...env,
        AUTH_SECRET: 'an-auth-secret-from-the-environment-0123456789',
        BACKUP_DIR: elsewhere,
      });
      expect(result.code).toBe(0);
      const [, file, reservations, , secret] = BACKUP_LINE.exec(result.stdout.trim()) ?? [];
      expect(dirname(file!)).toBe(elsewhere);
      expect(reservations).toBe('3');
      expect(secret).toBe('no auth secret: AUTH_SECRET is set, keep it with your backups');
      expect(readBackup(file!).info?.authSecret).toBeUndefined();
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('restore refuses while the app is running on that data folder, and replaces nothing', async () => {
    const before = bookState(dataDir, { appRunning: true });
    const result = await runCommand(RESTORE_COMMAND, [backupFile], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      `restore: the app is running on ${dbFile} (process ${app!.pid}); stop it first. Nothing was replaced.`,
    ]);
    expect(bookState(dataDir, { appRunning: true })).toEqual(before);
  });

  it('restore also refuses when the pid file is stale but the database is still open', async () => {
    // A process that has exited: its pid in the file must not let restore past a database still in use.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(`${dbFile}.pid`, `${gone}\n`);
    const before = bookState(dataDir, { appRunning: true });
    const result = await runCommand(RESTORE_COMMAND, [backupFile], env);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `restore: ${dbFile} is open in another process (is the app running?); stop it first. Nothing was replaced.`,
    ]);
    expect(bookState(dataDir, { appRunning: true })).toEqual(before);
    // The app still serves its book.
    expect((await guest.api.reservations.mine.$get()).body.reservations).toHaveLength(3);
  });

  it('restore refuses a damaged or truncated file, or a database of another app, and replaces nothing', async () => {
    expect(await stopApp()).toBe(0);
    const bad = mkdtempSync(join(tmpdir(), 'bad-backups-'));
    const variant = (name: string, change: (file: string) => void) => {
      const file = join(bad, name);
      copyFileSync(backupFile, file);
      change(file);
      return file;
    };
    const size = statSync(backupFile).size;
    const truncated = variant('truncated.db', (file) => truncateSync(file, Math.floor(size * 0.6)));
    const damaged = variant('damaged.db', (file) => {
      // Garbage over the page that holds the reservations, as a failing disk leaves it.
      const db = new Database(file);
      const page = db.prepare("select rootpage from sqlite_schema where name = 'reservations'").pluck().get() as number;
      const pageSize = db.pragma('page_size', { simple: true }) as number;
      db.close();
      const bytes = readFileSync(file);
      bytes.fill(0xa5, (page - 1) * pageSize, page * pageSize);
      writeFileSync(file, bytes);
    });
    const newer = variant('newer.db', (file) => {
      const db = new Database(file);
      db.prepare("insert into kysely_migration (name, timestamp) values ('9999-from-the-future', 'x')").run();
      db.close();
    });
    const notSqlite = join(bad, 'notes.db');
    writeFileSync(notSqlite, 'These are not the reservations you are looking for.\n'.repeat(200));
    const otherApp = join(bad, 'other-app.db');
    new Database(otherApp).exec("create table recipes (name text); insert into recipes values ('nigiri');").close();

    const before = bookState(dataDir);
    const cases: [string, string][] = [
      [truncated, 'it is damaged'],
      [damaged, 'it is damaged'],
      [notSqlite, 'it is not an SQLite database'],
      [otherApp, 'it is not a database of this app'],
      [newer, 'it was made by a newer version of the app (migration 9999-from-the-future)'],
      [join(bad, 'missing.db'), 'there is no such file'],
    ];
    try {
      for (const [file, reason] of cases) {
        const result = await runCommand(RESTORE_COMMAND, [file], env);
        expect(result.code, file).toBe(1);
        const lines = result.stderr.trim().split('\n');
        expect(lines, file).toHaveLength(1);
        expect(lines[0]).toMatch(
          new RegExp(`^restore: ${literal(file)} cannot be restored: ${literal(reason)}.*\\. Nothing was replaced\\.$`),
        );
        expect(bookState(dataDir), file).toEqual(before);
      }
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });

  it('restore puts the backup in place, keeps the current database and secret aside, and says what it restored', async () => {
    // Restore is for a stopped app.
    await stopApp();
    // The app died with a write still in its log (-wal): that write must survive in the copy kept aside.
    const crashed = spawnSync(
      process.execPath,
      [
        '-e',
        `const db = new (require('better-sqlite3'))(${JSON.stringify(dbFile)});
         db.pragma('journal_mode = WAL');
         db.prepare("update reservations set name = 'Written just before a crash' where name = 'Ann after the backup'").run();
         process.kill(process.pid, 'SIGKILL');`,
      ],
      { cwd: process.cwd() },
    );
    expect(crashed.signal).toBe('SIGKILL');
    expect(existsSync(`${dbFile}-wal`)).toBe(true);
    // A new install's secret, to see the backup's come back.
    const backupsSecret = readFileSync(join(dataDir, 'auth-secret'), 'utf8');
    writeFileSync(join(dataDir, 'auth-secret'), 'a-secret-generated-by-a-fresh-install-000000\n');

    const result = await runCommand(RESTORE_COMMAND, [backupFile], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const takenOn = formatLongDate(todayIn(ZONE, new Date(readBackup(backupFile).info!.createdAt!)));
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toBe(`Restored ${backupFile}`);
    expect(lines[1]).toMatch(new RegExp(`^  taken ${takenOn}, \\d{1,2}:\\d\\d (AM|PM) \\(${ZONE}\\)$`));
    expect(lines[2]).toBe('  2 reservations, 2 accounts, and the auth secret (signed-in sessions stay signed in)');
    const aside = /^The previous database is kept as (\S+)$/.exec(lines[3] ?? '')?.[1];
    const asideSecret = /^The previous auth secret is kept as (\S+)$/.exec(lines[4] ?? '')?.[1];
    expect(aside, result.stdout).toMatch(
      new RegExp(`^${literal(dbFile)}\\.before-restore-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ$`),
    );
    expect(asideSecret, result.stdout).toMatch(/auth-secret\.before-restore-/);

    const restored = readBackup(dbFile);
    expect(restored.integrity).toBe('ok');
    expect(restored.names).toEqual(['Ann at 1700', 'Ann at 1900']);
    expect(restored.tables.has('backup_info')).toBe(false);
    // No log of the old database is left beside the restored one.
    expect(existsSync(`${dbFile}-wal`)).toBe(false);
    expect(existsSync(`${dbFile}-shm`)).toBe(false);

    const previous = readBackup(aside!);
    expect(previous.integrity).toBe('ok');
    expect(previous.names).toEqual(['Ann at 1700', 'Ann at 1900', 'Written just before a crash']);
    expect(readFileSync(join(dataDir, 'auth-secret'), 'utf8')).toBe(backupsSecret);
    expect(readFileSync(asideSecret!, 'utf8')).toBe('a-secret-generated-by-a-fresh-install-000000\n');

    // The app starts on the restored book, and Ann's session from before still works (same secret).
    app = await startAppProcess(await freePort(), { ...env, ...OWNER_ENV });
    const sameAnn = new TestClient(app.url, { cookie: guest.cookieHeader() });
    expect((await sameAnn.session())?.email).toBe('ann@example.com');
    const mine = await sameAnn.api.reservations.mine.$get();
    expect(mine.body.reservations.map((r) => r.name)).toEqual(['Ann at 1700', 'Ann at 1900']);
  });
});

describe.skipIf(onPostgres)('restore never loses a database, and never leaves a data folder it would refuse', () => {
  // A book of its own, with two backups of it that differ in a reservation's name and in their auth secrets;
  // the book moved on after both. The data folder is changed only by restore from here on.
  let database: TestDatabase;
  let dataDir: string;
  let dbFile: string;
  let secretFile: string;
  let env: Record<string, string>;
  let backupOne: string;
  let backupTwo: string;
  const secrets = {
    one: 'the-secret-of-backup-one-000000000000000',
    two: 'the-secret-of-backup-two-000000000000000',
    now: 'the-secret-of-the-book-as-it-is-now-0000',
  };
  const oddFiles = mkdtempSync(join(tmpdir(), 'restore-odd-files-'));

  /** Renames the one reservation straight in the file: the book moved on. */
  const renameReservation = (name: string) => {
    const db = new Database(dbFile);
    db.prepare('update reservations set name = ?').run(name);
    db.close();
  };
  const backUp = (at: string) =>
    createBackup({
      databaseFile: dbFile,
      backupDir: join(dataDir, 'backups'),
      authSecretFile: secretFile,
      kind: 'manual',
      now: new Date(at),
    }).file;

  beforeAll(async () => {
    const server = await startTestServer();
    database = server.testDatabase;
    dataDir = database.dataDir;
    dbFile = database.url.slice('file:'.length);
    secretFile = join(dataDir, 'auth-secret');
    env = { DATA_DIR: dataDir, DATABASE_URL: database.url };
    const guest = new TestClient(server.url);
    expect((await guest.signUp('ann@example.com', 'ann-password-1')).status).toBe(200);
    const body = bookingBody({ reservationDate: openDays(1)[0]!, name: 'In backup one' });
    expect((await guest.api.reservations.$post({ json: body })).status).toBe(201);
    await server.close();

    writeFileSync(secretFile, `${secrets.one}\n`);
    backupOne = backUp('2026-11-23T20:00:00Z');
    renameReservation('In backup two');
    writeFileSync(secretFile, `${secrets.two}\n`);
    backupTwo = backUp('2026-11-23T21:00:00Z');
    renameReservation('The book as it is now');
    writeFileSync(secretFile, `${secrets.now}\n`);
  });
  afterAll(async () => {
    rmSync(oddFiles, { recursive: true, force: true });
    await database?.drop();
  });

  /** Runs `npm run restore -- file` and expects its one-line refusal, with the data folder left as it was. */
  async function expectRefusal(file: string, reason: string) {
    const before = bookState(dataDir);
    const result = await runCommand(RESTORE_COMMAND, [file], env);
    expect(result.stdout, file).toBe('');
    expect(result.stderr.trim().split('\n'), file).toEqual([
      `restore: ${file} cannot be restored: ${reason}. Nothing was replaced.`,
    ]);
    expect(result.code, file).toBe(1);
    expect(bookState(dataDir), file).toEqual(before);
  }

  it('refuses what is not a regular file, a named pipe included, without waiting on it', async () => {
    const fifo = join(oddFiles, 'backup.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const linkToFifo = join(oddFiles, 'link-to-a-fifo.db');
    symlinkSync(fifo, linkToFifo);
    const folder = join(oddFiles, 'a-folder.db');
    mkdirSync(folder);
    await expectRefusal(fifo, 'it is a named pipe (FIFO), not a file');
    await expectRefusal(linkToFifo, 'it is a named pipe (FIFO), not a file');
    await expectRefusal(folder, 'it is a folder, not a file');
    await expectRefusal('/dev/zero', 'it is a device, not a file');
  });

  it('refuses a backup whose auth secret the app would not start with, before replacing anything', async () => {
    const withSecret = (name: string, secret: string) => {
      const file = join(oddFiles, name);
      copyFileSync(backupTwo, file);
      const db = new Database(file);
      db.prepare("update backup_info set value = ? where key = 'authSecret'").run(secret);
      db.close();
      return file;
    };
    await expectRefusal(
      withSecret('short-secret.db', 'too-short'),
      'its auth secret is shorter than 32 characters, so the app would not start with it',
    );
    await expectRefusal(
      withSecret('blank-secret.db', '   '),
      'its auth secret is empty, so the app would not start with it',
    );
  });

  it('restores a good backup over a data folder whose auth secret the app refuses, and the app starts', async () => {
    // As a restore of such a backup left it before restore checked the secret.
    writeFileSync(secretFile, 'too-short\n');
    const result = await runCommand(RESTORE_COMMAND, [backupTwo], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^The previous auth secret is kept as \S+$/m);
    expect(readFileSync(secretFile, 'utf8')).toBe(`${secrets.two}\n`);
    const app = await startAppProcess(await freePort(), env);
    try {
      expect((await new TestClient(app.url).signIn('ann@example.com', 'ann-password-1')).status).toBe(200);
    } finally {
      expect(await app.stop()).toBe(0);
    }
  });

  it('two restores within the same second keep both replaced databases and both secrets, each with its content', async () => {
    renameReservation('The book as it is now');
    writeFileSync(secretFile, `${secrets.now}\n`);
    const now = new Date('2026-11-23T20:30:02Z');
    const restore = (file: string) =>
      restoreBackup({ file, databaseFile: dbFile, authSecretFile: secretFile, now, timeoutMs: RESTORE_TIMEOUT_MS });

    const first = await restore(backupOne);
    const second = await restore(backupTwo);

    expect(first.previousDatabase).toBe(`${dbFile}.before-restore-2026-11-23T20-30-02Z`);
    expect(second.previousDatabase).not.toBe(first.previousDatabase);
    expect(second.previousSecret).not.toBe(first.previousSecret);
    expect(readBackup(first.previousDatabase!).names).toEqual(['The book as it is now']);
    expect(readFileSync(first.previousSecret!, 'utf8')).toBe(`${secrets.now}\n`);
    expect(readBackup(second.previousDatabase!).names).toEqual(['In backup one']);
    expect(readFileSync(second.previousSecret!, 'utf8')).toBe(`${secrets.one}\n`);
    expect(readBackup(dbFile).names).toEqual(['In backup two']);
    expect(readFileSync(secretFile, 'utf8')).toBe(`${secrets.two}\n`);
  });

  it('gives up with a one-line refusal when reading and checking the backup takes too long', async () => {
    const before = bookState(dataDir);
    const restoring = restoreBackup({
      file: backupOne,
      databaseFile: dbFile,
      authSecretFile: secretFile,
      now: new Date(),
      // Shorter than any read: the reading process has not even started when time is up.
      timeoutMs: 1,
    });
    await expect(restoring).rejects.toThrow(
      new RestoreRefused(
        `${backupOne} cannot be restored: reading and checking it took longer than 0.001 s (is it on a disk or network mount that stopped answering? Copy it to a local disk first)`,
      ),
    );
    expect(bookState(dataDir)).toEqual(before);
  });
});

/** A line of the app's log, as the tests read it. */
type LogLine = { msg: string; level: number; [key: string]: unknown };

/** The app keeping the last 3 daily snapshots of its SQLite book, on the given clock; its log goes to `logs`. */
function startSnapshotting(now: () => Date, logs: LogLine[]) {
  const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
  return startTestServer({ env: { ...OWNER_ENV, BACKUP_KEEP: '3' }, now, logger });
}

/** The daily snapshots in a backups folder, oldest first. */
const dailyIn = (dir: string) =>
  (existsSync(dir) ? readdirSync(dir) : []).filter((name) => name.endsWith('-daily.db')).sort();

describe.skipIf(onPostgres)('daily snapshots inside the app, on a controlled clock', () => {
  // 03:00 on Sunday 2026-11-22 in Los Angeles (UTC-8).
  let clock = new Date('2026-11-22T11:00:00Z');
  const logs: LogLine[] = [];
  let server: TestServer;
  let backupsDir: string;
  const daily = () => dailyIn(backupsDir);
  const takenLogs = () => logs.filter((line) => line.msg === 'backup taken');

  beforeAll(async () => {
    server = await startSnapshotting(() => clock, logs);
    backupsDir = server.config.backups.dir;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('says at start when it takes them', () => {
    const lines = logs.filter((line) => String(line.msg).startsWith('backups:'));
    expect(lines.map((line) => line.msg)).toEqual([
      `backups: daily at 04:00 ${ZONE} into ${backupsDir}, keeping the last 3`,
    ]);
  });

  it('takes one snapshot a day at 04:00 restaurant time, catching up on a missed one, and keeps the last 3', async () => {
    // A new install, started before 04:00: its first snapshot is at 04:00, not a copy of the empty book now.
    await server.backups.runDue();
    clock = new Date('2026-11-22T11:59:00Z'); // 03:59
    await server.backups.runDue();
    expect(daily()).toEqual([]);

    clock = new Date('2026-11-22T12:00:00Z'); // 04:00
    await server.backups.runDue();
    clock = new Date('2026-11-23T07:59:00Z'); // 23:59 the same day
    await server.backups.runDue();
    expect(daily()).toEqual(['reservations-2026-11-22T12-00-00Z-daily.db']);

    const guest = new TestClient(server.url, {}, '127.0.0.61');
    expect((await guest.signUp('ann@example.com', 'ann-password-1')).status).toBe(200);
    expect((await guest.api.reservations.$post({ json: bookingBody({ name: 'Booked on Sunday' }) })).status).toBe(201);

    clock = new Date('2026-11-23T12:00:00Z'); // Monday 04:00
    await server.backups.runDue();
    // A backup taken by hand is the owner's to remove, never the schedule's.
    const byHand = 'reservations-2026-11-20T10-00-00Z.db';
    copyFileSync(join(backupsDir, daily()[0]!), join(backupsDir, byHand));
    clock = new Date('2026-11-24T12:30:00Z'); // Tuesday 04:30: the server was down at 04:00
    await server.backups.runDue();
    expect(daily()).toHaveLength(3);
    clock = new Date('2026-11-25T12:00:00Z'); // Wednesday 04:00: a fourth, so the oldest goes
    await server.backups.runDue();

    expect(daily()).toEqual([
      'reservations-2026-11-23T12-00-00Z-daily.db',
      'reservations-2026-11-24T12-30-00Z-daily.db',
      'reservations-2026-11-25T12-00-00Z-daily.db',
    ]);
    expect(existsSync(join(backupsDir, byHand))).toBe(true);
    const newest = readBackup(join(backupsDir, daily().at(-1)!));
    expect(newest.integrity).toBe('ok');
    expect(newest.names).toEqual(['Booked on Sunday']);
    expect(newest.info?.createdAt).toBe('2026-11-25T12:00:00.000Z');

    // Logged: each snapshot with its counts, and the one removed.
    expect(takenLogs().map((line) => [basename(String(line.file)), line.reservations])).toEqual([
      ['reservations-2026-11-22T12-00-00Z-daily.db', 0],
      ['reservations-2026-11-23T12-00-00Z-daily.db', 1],
      ['reservations-2026-11-24T12-30-00Z-daily.db', 1],
      ['reservations-2026-11-25T12-00-00Z-daily.db', 1],
    ]);
    expect(logs.filter((line) => line.msg === 'old backup removed').map((line) => basename(String(line.file)))).toEqual(
      ['reservations-2026-11-22T12-00-00Z-daily.db'],
    );
  });
});

describe.skipIf(onPostgres)('daily snapshots as the admin sees them', () => {
  // From 03:00 on Sunday 2026-11-22 in Los Angeles (UTC-8), as above.
  let clock = new Date('2026-11-22T11:00:00Z');
  const logs: LogLine[] = [];
  let server: TestServer;
  let backupsDir: string;
  const daily = () => dailyIn(backupsDir);

  // A book of its own with one guest and one booking, and its snapshots of Tuesday and Wednesday at 04:00.
  beforeAll(async () => {
    server = await startSnapshotting(() => clock, logs);
    backupsDir = server.config.backups.dir;
    const guest = new TestClient(server.url, {}, '127.0.0.63');
    expect((await guest.signUp('ann@example.com', 'ann-password-1')).status).toBe(200);
    expect((await guest.api.reservations.$post({ json: bookingBody({ name: 'Booked on Sunday' }) })).status).toBe(201);
    for (const at of ['2026-11-24T12:00:00Z', '2026-11-25T12:00:00Z']) {
      clock = new Date(at);
      await server.backups.runDue();
    }
    expect(daily()).toEqual([
      'reservations-2026-11-24T12-00-00Z-daily.db',
      'reservations-2026-11-25T12-00-00Z-daily.db',
    ]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows the admin when the last backup succeeded, and when one failed', async () => {
    const admin = new TestClient(server.url, {}, '127.0.0.62');
    expect((await admin.signIn(OWNER.email, OWNER.password)).status).toBe(200);
    const status = await admin.api.backups.status.$get();
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      database: 'sqlite',
      folder: backupsDir,
      hour: 4,
      keep: 3,
      timeZone: ZONE,
      // Tuesday's and Wednesday's.
      stored: 2,
      lastSuccess: {
        at: '2026-11-25T12:00:00.000Z',
        file: 'reservations-2026-11-25T12-00-00Z-daily.db',
        reservations: 1,
        accounts: 2,
      },
      lastFailure: null,
      nextAt: '2026-11-26T12:00:00.000Z',
    });

    // The folder cannot be written (here: a file stands where the folder should be): the run fails, is
    // logged, and the admin sees it, beside the last success; it is tried again 15 minutes later, not sooner.
    renameSync(backupsDir, `${backupsDir}-moved`);
    writeFileSync(backupsDir, 'not a folder');
    try {
      clock = new Date('2026-11-26T12:00:00Z');
      await server.backups.runDue();
      const failed = (await admin.api.backups.status.$get()).body;
      expect(failed.lastFailure).toEqual({ at: '2026-11-26T12:00:00.000Z', message: expect.stringMatching(/\S/) });
      expect(failed.nextAt).toBe('2026-11-26T12:15:00.000Z');
      clock = new Date('2026-11-26T12:14:00Z');
      await server.backups.runDue();
      expect(logs.filter((line) => line.msg === 'backup failed')).toHaveLength(1);
    } finally {
      rmSync(backupsDir);
      renameSync(`${backupsDir}-moved`, backupsDir);
    }
    await server.backups.runDue();
    expect((await admin.api.backups.status.$get()).body.lastFailure).not.toBeNull();
    // The retry succeeds and clears the failure.
    clock = new Date('2026-11-26T12:15:00Z');
    await server.backups.runDue();
    const recovered = (await admin.api.backups.status.$get()).body;
    expect(recovered.lastFailure).toBeNull();
    expect(recovered.lastSuccess.at).toBe('2026-11-26T12:15:00.000Z');
    expect(recovered.nextAt).toBe('2026-11-27T12:00:00.000Z');
    expect(daily()).toHaveLength(3);
  });
});

describe.runIf(onPostgres)("backups on PostgreSQL are the operator's pg_dump", () => {
  const logs: { msg: string }[] = [];
  let server: TestServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
    server = await startTestServer({ env: OWNER_ENV, now: () => FIXED_NOW, logger });
    env = { DATA_DIR: server.config.dataDir, DATABASE_URL: server.testDatabase.url };
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the backup command says to use pg_dump, in one line, and exits non-zero', async () => {
    const result = await runCommand(BACKUP_COMMAND, [], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^backup: DATABASE_URL is PostgreSQL: back it up with pg_dump\b.*README/);
    expect(existsSync(server.config.backups.dir)).toBe(false);
  });

  it('restore says to use pg_restore, in one line, and exits non-zero', async () => {
    const file = join(server.config.dataDir, 'some.db');
    writeFileSync(file, '');
    const result = await runCommand(RESTORE_COMMAND, [file], env);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^restore: DATABASE_URL is PostgreSQL: restore it with pg_restore\b.*README/);
  });

  it('the in-app schedule does nothing, and says so once at start', async () => {
    expect(logs.filter((line) => /pg_dump/.test(line.msg))).toHaveLength(1);
    expect(await server.backups.runDue()).toBeNull();
    expect(existsSync(server.config.backups.dir)).toBe(false);
    mkdirSync(server.config.backups.dir);
    expect(await server.backups.runDue()).toBeNull();
    expect(readdirSync(server.config.backups.dir)).toEqual([]);
  });

  it('the admin is told the same', async () => {
    const admin = new TestClient(server.url);
    expect((await admin.signIn(OWNER.email, OWNER.password)).status).toBe(200);
    const status = await admin.api.backups.status.$get();
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ database: 'postgres' });
  });
});

/** A string as a literal inside a regular expression. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
