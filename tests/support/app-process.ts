import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

// The one launcher of the app as a real operating-system process, for tests that kill it, restart it, or
// measure it from outside (integration, reliability, e2e and the bench all start it here).

export interface AppProcess {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** DATA_DIR of this process. */
  readonly dataDir: string;
  /** Settles with the exit code (null after a signal) once the process has exited. */
  readonly exited: Promise<number | null>;
  /** SIGKILL: no shutdown code runs, as in a power cut of the process. */
  kill(): Promise<void>;
  /** SIGTERM; SIGKILL if it has not exited within `graceMs`. Resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Resident memory of the process, from /proc (Linux), in bytes. */
  rss(): number;
  /** Whether the process is still running (it has not exited or been killed). */
  alive(): boolean;
  /** What the process wrote to the streams launched with 'capture'. */
  output(): string;
}

type Stream = 'ignore' | 'inherit' | 'capture';

export interface LaunchOptions {
  /**
   * 'source' runs src/server/index.ts through tsx (no build needed); 'built' runs dist/server/index.js as
   * `npm start` does in production.
   */
  entry?: 'source' | 'built';
  /** A free port by default. */
  port?: number;
  /** DATA_DIR; by default a fresh temporary folder, removed once the process has exited. */
  dataDir?: string;
  /**
   * The app's variables over the defaults (NODE_ENV=test, LOG_LEVEL=warn, PORT, HOST, PUBLIC_URL, DATA_DIR);
   * `undefined` removes a default (a start without PUBLIC_URL, as on a fresh install).
   */
  env?: Record<string, string | undefined>;
  /** Pass the test runner's whole environment under the app's variables (by default only PATH). */
  inheritEnv?: boolean;
  stdout?: Stream;
  stderr?: Stream;
  /** How long to wait for /api/health/ready; the process is killed when it does not get there. */
  readyTimeoutMs?: number;
  /** How long stop() waits after SIGTERM before SIGKILL: above the app's own 10-second grace period. */
  graceMs?: number;
}

/**
 * The flags `npm start` gives node (package.json's start script, `node <flags> scripts/start.mjs`: the heap limit,
 * decision 0012), so the app runs here with the memory settings it has in production.
 */
const START_FLAGS: string[] = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .slice(1, -1);

export const ENTRY_POINTS = {
  source: [...START_FLAGS, '--import', 'tsx', 'src/server/index.ts'],
  built: [...START_FLAGS, 'dist/server/index.js'],
} as const;

/** Starts the app and resolves once it reports ready; rejects if it exits or is not ready in time. */
export async function launchApp(options: LaunchOptions = {}): Promise<AppProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const given = options.dataDir ?? options.env?.DATA_DIR;
  const ownDataDir = given === undefined ? mkdtempSync(join(tmpdir(), 'app-')) : undefined;
  const dataDir = given ?? ownDataDir!;
  const env: Record<string, string | undefined> = {
    ...(options.inheritEnv ? process.env : { PATH: process.env.PATH }),
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ...options.env,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  const mode = (stream: Stream = 'ignore') => (stream === 'capture' ? 'pipe' : stream);
  const child: ChildProcess = spawn(process.execPath, [...ENTRY_POINTS[options.entry ?? 'source']], {
    stdio: ['ignore', mode(options.stdout), mode(options.stderr ?? 'inherit')],
    env,
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  const kill = async () => {
    if (alive()) child.kill('SIGKILL');
    await exited;
  };
  try {
    await waitForReady(url, { timeoutMs: options.readyTimeoutMs ?? 30_000, everyMs: 50, exited });
  } catch (error) {
    await kill();
    throw error;
  }
  return {
    url,
    port,
    pid: child.pid!,
    dataDir,
    exited,
    kill,
    stop: async () => {
      if (alive()) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), options.graceMs ?? 15_000);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
    alive,
    output: () => output,
    rss: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kib = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
      if (!kib) throw new Error('no VmRSS in /proc status');
      return Number(kib) * 1024;
    },
  };
}

/** The app from source on `port`, with `env` (DATA_DIR and DATABASE_URL among them): the reliability tests' start. */
export function startAppProcess(port: number, env: Record<string, string>): Promise<AppProcess> {
  return launchApp({ port, env });
}

/**
 * Polls GET /api/health/ready until it answers 200. `exited`, when given, ends the wait early with an error:
 * a process that died while starting is not worth waiting 30 seconds for.
 */
export async function waitForReady(
  url: string,
  {
    timeoutMs = 30_000,
    everyMs = 50,
    exited,
  }: { timeoutMs?: number; everyMs?: number; exited?: Promise<number | null> } = {},
): Promise<void> {
  let gone: { code: number | null } | undefined;
  void exited?.then((code) => (gone = { code }));
  for (const deadline = Date.now() + timeoutMs; ;) {
    if (gone) throw new Error(`the app at ${url} exited with ${gone.code} while starting`);
    const ready = await fetch(`${url}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`${url} was not ready within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
