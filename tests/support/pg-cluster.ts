import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

// A PostgreSQL cluster of a test's own, in a temporary folder on a free port, so the test may restart it, stop
// it and kill it without touching the shared server on 5432. Run as the postgres user (initdb refuses root).

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => join(root, version, 'bin')).find((dir) => existsSync(join(dir, 'pg_ctl')));
  if (!found) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  return found;
}

function asPostgres(command: string, args: string[]) {
  const result = spawnSync('runuser', ['-u', 'postgres', '--', join(binDir(), command), ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** The same, without blocking this process: the test's load and watchers keep running meanwhile. */
async function asPostgresAsync(command: string, args: string[]) {
  try {
    await promisify(execFile)('runuser', ['-u', 'postgres', '--', join(binDir(), command), ...args], {
      timeout: 60_000,
    });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${command} failed: ${stderr || stdout || String(error)}`);
  }
}

export interface PgCluster {
  /** A database URL for a fresh database `name` on the cluster (created here). */
  createDatabase(name: string): Promise<string>;
  /** pg_ctl restart -m fast: every connection is ended, the server is back in a moment. */
  restart(): Promise<void>;
  /** pg_ctl stop -m fast: nothing answers until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** kill -9 of the postmaster, as a crash; start() then recovers from the log. */
  killPostmaster(): Promise<void>;
  destroy(): void;
}

export async function startPgCluster(): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-cluster-'));
  const owner = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const group = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(dir, owner, group);
  const data = join(dir, 'data');
  const port = await freePort();
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const pgCtl = (...args: string[]) => asPostgres('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', ...args]);
  const pgCtlAsync = (...args: string[]) =>
    asPostgresAsync('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', ...args]);
  pgCtl('-o', options, 'start');
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;

  return {
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`CREATE DATABASE "${name}"`);
      await client.end();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    restart: () => pgCtlAsync('-o', options, '-m', 'fast', 'restart'),
    stop: () => pgCtlAsync('-m', 'fast', 'stop'),
    start: () => pgCtlAsync('-o', options, 'start'),
    async killPostmaster() {
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const backends = childrenOf(pid);
      process.kill(pid, 'SIGKILL');
      // The backends notice their postmaster is gone and exit; a new one may start only after the last.
      for (const deadline = Date.now() + 10_000; [pid, ...backends].some(isAlive);) {
        if (Date.now() > deadline) for (const backend of backends.filter(isAlive)) process.kill(backend, 'SIGKILL');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    destroy() {
      spawnSync('runuser', ['-u', 'postgres', '--', join(binDir(), 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The processes whose parent is `parent` (a postmaster's backends and workers). */
function childrenOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
      } catch {
        return false;
      }
    });
}

/** Still in the process table (a zombie too: a new postmaster refuses to start while the old one's is there). */
function isAlive(pid: number): boolean {
  return readFileSafe(`/proc/${pid}/stat`) !== '';
}

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
