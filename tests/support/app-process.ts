import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

// The app as a real operating-system process (from source, through tsx, so no build is needed), for tests
// that kill it, restart it, or measure it from outside.

export interface AppProcess {
  readonly url: string;
  readonly pid: number;
  /** SIGKILL: no shutdown code runs, as in a power cut of the process. */
  kill(): Promise<void>;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<number | null>;
  /** Resident memory of the process, from /proc (Linux), in bytes. */
  rss(): number;
  /** Whether the process is still running (it has not exited or been killed). */
  alive(): boolean;
}

export async function startAppProcess(port: number, env: Record<string, string>): Promise<AppProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      ...env,
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (const deadline = Date.now() + 30_000; ;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} while starting`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the app did not start within 30 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid!,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
    alive: () => child.exitCode === null && child.signalCode === null,
    rss: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kib = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
      if (!kib) throw new Error('no VmRSS in /proc status');
      return Number(kib) * 1024;
    },
  };
}
