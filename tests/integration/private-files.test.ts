import { chmodSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { waitForEmail } from '../support/outbox';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

// The files the app writes hold every guest's details (the SQLite book and its logs), live password-reset links
// (the outbox's .eml files) and the key that signs sessions: only the user the app runs as may open them. On a
// fresh data folder the app makes them so itself; on one an earlier install left open, it says what and how
// to close it, once at start.

const onSqlite = !process.env.TEST_DATABASE_URL;

/** A file's permission bits in octal, as chmod writes them: '600', '700' ... */
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

type LogLine = { msg: string; level: number; [key: string]: unknown };

describe('the files the app writes are its own user’s only', () => {
  let database: TestDatabase;
  let dataDir: string;
  let env: Record<string, string>;
  let server: TestServer | undefined;
  const logs: LogLine[] = [];

  /** The app on `dataDir`, its log kept in `logs`. */
  async function start() {
    const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
    server = await startTestServer({ env, now: () => FIXED_NOW, logger, shared: database });
  }
  const openFilesWarnings = () => logs.filter((line) => line.level === 40 && /chmod/.test(line.msg));

  beforeAll(async () => {
    database = await createTestDatabase();
    // A data folder the app must create itself (the test database's own folder is made private by mkdtemp).
    dataDir = join(database.dataDir, 'data');
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: database.dialect === 'sqlite' ? `file:${join(dataDir, 'reservations.db')}` : database.url,
    };
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('on a fresh data folder: the folders 0700, the book, its logs, the secret and every email 0600', async () => {
    await start();
    const guest = new TestClient(server!.url);
    expect((await guest.signUp('ann@example.com', 'ann-password-1')).status).toBe(200);
    expect((await guest.api.reservations.$post({ json: bookingBody() })).status).toBe(201);
    expect((await guest.post('/api/auth/request-password-reset', { email: 'ann@example.com' })).status).toBe(200);
    const outbox = join(dataDir, 'outbox');
    await waitForEmail(outbox, 'ann@example.com', /Reset your/);

    const emails = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    expect(emails.length).toBeGreaterThanOrEqual(2); // the verification, and the reset with its live link
    const modes: Record<string, string> = {
      [dataDir]: modeOf(dataDir),
      [outbox]: modeOf(outbox),
      [join(dataDir, 'auth-secret')]: modeOf(join(dataDir, 'auth-secret')),
      ...Object.fromEntries(emails.map((name) => [join(outbox, name), modeOf(join(outbox, name))])),
    };
    if (onSqlite) {
      // SQLite's log and shared memory exist while the app runs, made with the database file's own mode.
      for (const file of ['reservations.db', 'reservations.db-wal', 'reservations.db-shm']) {
        expect(existsSync(join(dataDir, file)), file).toBe(true);
        modes[join(dataDir, file)] = modeOf(join(dataDir, file));
      }
    }
    const expected = Object.fromEntries(
      Object.keys(modes).map((path) => [path, path === dataDir || path === outbox ? '700' : '600']),
    );
    expect(modes).toEqual(expected);
    expect(openFilesWarnings()).toEqual([]);
  });

  it('at start, one warning names what an earlier install left open to other users, and the chmod that closes it', async () => {
    await server!.close();
    server = undefined;
    const outbox = join(dataDir, 'outbox');
    const email = join(outbox, readdirSync(outbox).filter((name) => name.endsWith('.eml'))[0]!);
    // The book on SQLite; on PostgreSQL, the auth secret.
    const privateFile = join(dataDir, onSqlite ? 'reservations.db' : 'auth-secret');
    // As an install made before the app kept its files private left them (a umask of 022).
    chmodSync(dataDir, 0o755);
    chmodSync(email, 0o644);
    chmodSync(privateFile, 0o640);

    logs.length = 0;
    await start();
    const warnings = openFilesWarnings();
    expect(warnings).toHaveLength(1);
    const { msg, paths } = warnings[0]!;
    // SQLite made the book's log and shared memory again at start, with the book's own (open) mode.
    const files = onSqlite ? [privateFile, `${privateFile}-wal`, `${privateFile}-shm`] : [privateFile];
    expect(paths).toEqual([dataDir, ...files, email]);
    expect(msg).toContain(`: ${[dataDir, ...files].join(', ')}, 1 email in ${outbox}. Run: `);
    expect(msg).toContain(`Run: chmod 700 ${dataDir} && chmod 600 ${files.join(' ')} ${outbox}/*.eml`);
    // It does not change them itself: the owner decides.
    expect(modeOf(dataDir)).toBe('755');
  });
});
