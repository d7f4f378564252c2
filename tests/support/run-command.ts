import { spawn } from 'node:child_process';

// One of the app's own commands (npm run backup, npm run restore) run as an operator would: a separate
// process, from the sources through tsx, seeing only the environment given here.

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** When the process was started and when it exited (performance.now()). */
  startedAt: number;
  exitedAt: number;
}

export const BACKUP_COMMAND = 'src/server/backups/backup-command.ts';
export const RESTORE_COMMAND = 'src/server/backups/restore-command.ts';

export function runCommand(script: string, args: string[], env: Record<string, string>): Promise<CommandResult> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    timeout: 60_000,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr, startedAt, exitedAt: performance.now() }));
  });
}
