import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { launchApp, type AppProcess } from '../tests/support/app-process';
import { NO_FAIR_USE_LIMITS } from '../tests/support/fair-use';
import { TestClient } from '../tests/support/http-client';
import type { TestDatabase } from '../tests/support/test-database';

// What every measurement shares: the built app run as a child process (so the load generator never shares
// its event loop), signed-in clients, percentiles, and the row type of the printed table.

export const ADMIN = { email: 'owner@bench.example', password: 'bench-owner-password-1' };
export const TIME_ZONE = 'America/Los_Angeles'; // the default RESTAURANT_TIMEZONE, which the bench leaves as is
/** Bytes in (decimal) megabytes, as the memory figures are printed. */
export const MB = (bytes: number) => bytes / 1e6;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** One row of the printed table (and of the JSON). */
export interface Figure {
  section: string;
  name: string;
  value: number;
  unit: string;
  /** The target as text, and whether the figure meets it; both absent for a figure shown for context. */
  target?: string;
  met?: boolean;
  note?: string;
}

/**
 * Builds the app when dist/ is missing or older than its sources: the same rule as scripts/start.mjs
 * (kept in step with it by hand), so a bench run right after a build does not build again.
 */
export function buildIfStale(): boolean {
  const outputs = ['dist/server/index.js', 'dist/client/index.html'];
  const inputs = ['src', 'index.html', 'public', 'package.json', 'vite.config.ts'];
  const newest = (path: string): number => {
    if (!existsSync(path)) return 0;
    const info = statSync(path);
    if (!info.isDirectory()) return info.mtimeMs;
    return Math.max(info.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
  };
  const builtAt = Math.min(...outputs.map((path) => (existsSync(path) ? statSync(path).mtimeMs : 0)));
  if (builtAt > 0 && Math.max(...inputs.map(newest)) <= builtAt) return false;
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);
  return true;
}

/**
 * `node dist/server/index.js` as it is deployed: NODE_ENV=production (JSON logs, a required AUTH_SECRET),
 * on its own port and database. Cookies are not Secure because PUBLIC_URL is http (auth.ts sets Secure only
 * for an https PUBLIC_URL), exactly as in production behind a TLS proxy minus the proxy. LOG_LEVEL=warn:
 * the per-request info log line is not written (see the report's note on what that costs). A variable given
 * as undefined in `env` is not set (the app's default applies).
 */
export function startApp(database: TestDatabase, env: Record<string, string | undefined> = {}): Promise<AppProcess> {
  return launchApp({
    entry: 'built',
    dataDir: database.dataDir,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The benchmarks book as fast as a few accounts can: they measure the booking path, not fair use.
      ...NO_FAIR_USE_LIMITS,
      ...env,
    },
  });
}

/** Starts the app on `database`, runs `body`, and always stops the app and drops the database. */
export async function withApp<T>(
  database: TestDatabase,
  body: (app: AppProcess, database: TestDatabase) => Promise<T>,
  env?: Record<string, string | undefined>,
): Promise<T> {
  try {
    const app = await startApp(database, env);
    try {
      return await body(app, database);
    } finally {
      await app.stop();
    }
  } finally {
    await database.drop();
  }
}

// Sign-in and sign-up are rate limited to 5 a minute per client IP (auth.ts) with no setting to raise it:
// each measurement signs in at most a couple of users and reuses their cookies.

export async function signedInAdmin(url: string): Promise<TestClient> {
  const admin = new TestClient(url);
  const response = await admin.signIn(ADMIN.email, ADMIN.password);
  if (response.status !== 200) throw new Error(`admin sign-in answered ${response.status}`);
  return admin;
}

export async function signedUpGuest(url: string, email: string): Promise<TestClient> {
  const guest = new TestClient(url);
  const response = await guest.signUp(email, 'bench-guest-password-1');
  if (response.status !== 200) throw new Error(`guest sign-up answered ${response.status}`);
  return guest;
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function machine() {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model.trim() ?? 'unknown',
    cores: cpu.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    /** Load average over the last minute when the bench started: other work on the machine skews every figure. */
    loadAverage: Number(loadavg()[0]!.toFixed(2)),
  };
}

/**
 * CPU time used by processes outside the bench's own tree, as an interference meter: on a shared machine
 * another job's load moves every figure. Linux only (reads /proc); PostgreSQL's processes are left out,
 * since the bench's own queries run in them too. A process that starts and exits between two readings is
 * missed, so this can read low, never high.
 */
export function foreignCpu(): { stop(): number | undefined } {
  const read = (): Map<number, number> | undefined => {
    let entries: string[];
    try {
      entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    } catch {
      return undefined;
    }
    const stats = new Map<number, { ppid: number; comm: string; ticks: number }>();
    for (const name of entries) {
      let text: string;
      try {
        text = readFileSync(`/proc/${name}/stat`, 'utf8');
      } catch {
        continue; // exited meanwhile
      }
      const comm = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(name), { ppid: Number(fields[1]), comm, ticks: Number(fields[11]) + Number(fields[12]) });
    }
    const ours = (pid: number): boolean => {
      for (let at: number | undefined = pid; at && at > 1; at = stats.get(at)?.ppid)
        if (at === process.pid) return true;
      return false;
    };
    const ticks = new Map<number, number>();
    for (const [pid, stat] of stats) if (!ours(pid) && stat.comm !== 'postgres') ticks.set(pid, stat.ticks);
    return ticks;
  };
  const before = read();
  const startedAt = performance.now();
  return {
    /** Busy cores, on average, outside the bench since the start. */
    stop() {
      const after = read();
      if (!before || !after) return undefined;
      let ticks = 0;
      for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
      return ticks / CLOCK_TICKS / ((performance.now() - startedAt) / 1000);
    },
  };
}

const CLOCK_TICKS = 100; // USER_HZ on Linux
