import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForReady } from '../tests/support/app-process';
import { freePort } from '../tests/support/free-port';
import { buildIfStale, percentile, type Figure } from './support';

// Start-up: from spawning `npm start` (of a built app, on a fresh data folder, so migrations, table seeding
// and the generated auth secret are included) to /api/health/ready answering 200 (the handler of /api/health);
// the median of RUNS. The same for `node dist/server/index.js` alone shows what npm and the staleness check of
// scripts/start.mjs add.

const RUNS = 5;
// The app's own settings are not inherited from the shell running the bench: this is the quick start's
// `npm start` (embedded SQLite, development mode, no admin).
const APP_VARIABLES = [
  'NODE_ENV',
  'DATABASE_URL',
  'AUTH_SECRET',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'SMTP_URL',
  'MAIL_OUTBOX_DIR',
  'RESTAURANT_CONFIG',
];

/** One start, in ms; undefined when npm start rebuilt the app first (sources edited during the bench). */
async function timeStart(command: string, args: string[]): Promise<number | undefined> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of APP_VARIABLES) delete env[name];
  let output = '';
  const startedAt = performance.now();
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    detached: true, // its own process group, so npm and the server it runs stop together
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    // Polled every 10 ms: the figure is a start-up time, so the poll must not add much to it.
    await waitForReady(`http://127.0.0.1:${port}`, { everyMs: 10, exited }).catch((error: Error) => {
      throw new Error(`${command}: ${error.message}: ${output.trim()}`);
    });
    const elapsed = performance.now() - startedAt;
    return output.includes('Building the app') ? undefined : elapsed;
  } finally {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function medianOf(command: string, args: string[]) {
  const times: number[] = [];
  let rebuilt = 0;
  while (times.length < RUNS) {
    buildIfStale(); // outside the timing: a start that builds is not the start being measured
    const time = await timeStart(command, args);
    if (time === undefined) {
      if (++rebuilt > 3) throw new Error('npm start kept rebuilding: the sources are being edited');
      continue;
    }
    times.push(time);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), fastest: times[0]!, slowest: times.at(-1)! };
}

export async function benchStartUp(): Promise<Figure[]> {
  const npm = await medianOf('npm', ['start', '--silent']);
  const node = await medianOf(process.execPath, ['dist/server/index.js']);
  const section = 'Start-up (built app, fresh data folder, to /api/health 200)';
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  return [
    {
      section,
      name: `npm start, median of ${RUNS}`,
      value: npm.median / 1000,
      unit: 's',
      target: '< 2 s',
      met: npm.median < 2000,
      note: `fastest ${seconds(npm.fastest)} s, slowest ${seconds(npm.slowest)} s`,
    },
    {
      section,
      name: `node dist/server/index.js, median of ${RUNS}`,
      value: node.median / 1000,
      unit: 's',
      note: `fastest ${seconds(node.fastest)} s, slowest ${seconds(node.slowest)} s`,
    },
  ];
}
