import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Starts the real entry point as a process, as `npm start` would, with one bad variable at a time.
async function start(env: Record<string, string>, dataFiles: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'reservations-start-'));
  for (const [name, content] of Object.entries(dataFiles)) writeFileSync(join(dataDir, name), content);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', PORT: '0', ...env },
    // Ten starts run at once, each compiling the sources through tsx: generous, for a loaded machine.
    timeout: 50_000,
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { status, lines: stderr.trim().split('\n') };
}

describe.concurrent('start-up with a bad configuration', () => {
  it.each([
    [{ PORT: 'eighty' }, /^Configuration error: PORT: must be a whole number between 0 and 65535 \(got "eighty"\)$/],
    [{ PORT: '70000' }, /^Configuration error: PORT: /],
    [{ DATABASE_URL: 'mysql://localhost/db' }, /^Configuration error: DATABASE_URL: must start with postgres:\/\//],
    [
      { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      /^Configuration error: DATABASE_URL: cannot connect to the postgres database/,
    ],
    [
      { RESTAURANT_CONFIG: 'config/missing.json' },
      /^Configuration error: RESTAURANT_CONFIG: cannot read .*missing\.json \(ENOENT\)$/,
    ],
    [{ RESTAURANT_TIMEZONE: 'Mars/Olympus' }, /^Configuration error: RESTAURANT_TIMEZONE: must be an IANA time zone/],
    [{ NODE_ENV: 'production' }, /^Configuration error: AUTH_SECRET: is required when NODE_ENV=production/],
  ])('%o stops with one clear line and exit code 1', async (env, message) => {
    const { status, lines } = await start(env);
    expect(status).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });

  // Issue 19.3: an empty secret file once started the app on the auth library's public default secret, and a
  // verification token forged with it made an attacker the admin.
  it('refuses to start on an empty auth-secret file, naming it', async () => {
    const { status, lines } = await start({}, { 'auth-secret': '' });
    expect(status).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: AUTH_SECRET: the secret file .*auth-secret is empty; delete it/);
  });

  it('names the problem inside an invalid restaurant config file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'restaurant-')), 'restaurant.json');
    writeFileSync(
      file,
      JSON.stringify({ address: 'x', seatings: { first: '17:00', last: '20:30', everyMinutes: 30 }, tables: [] }),
    );
    const { status, lines } = await start({ RESTAURANT_CONFIG: file });
    expect(status).toBe(1);
    expect(lines).toEqual([`Configuration error: RESTAURANT_CONFIG: ${file}: tables must list at least one table`]);
  });

  it('reports a file that is not JSON', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'restaurant-')), 'restaurant.json');
    writeFileSync(file, '{ tables: ');
    const { status, lines } = await start({ RESTAURANT_CONFIG: file });
    expect(status).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`RESTAURANT_CONFIG: ${file} is not valid JSON`);
  });
});
