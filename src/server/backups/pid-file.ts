import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { DatabaseTarget } from '../config';

// While the app runs on a SQLite file it keeps its process id beside it (reservations.db.pid), so that
// `npm run restore` can refuse to replace the book under it and say which process holds it. A file left by a
// crash names a process that is gone, and is ignored. (Restore also asks SQLite itself whether the database
// is open elsewhere; see restore-backup.ts.)

export const pidFileOf = (databaseFile: string) => `${databaseFile}.pid`;

/** Marks the database as in use by this process until release(); nothing to mark on PostgreSQL. */
export function markDatabaseInUse(target: DatabaseTarget): { release(): void } {
  if (target.dialect !== 'sqlite') return { release: () => undefined };
  const file = pidFileOf(target.file);
  writeFileSync(file, `${process.pid}\n`);
  return {
    release() {
      // Only our own mark: another instance may have started on the file since.
      if (pidIn(file) === process.pid) rmSync(file, { force: true });
    },
  };
}

/** The live process the database's pid file names, if any. */
export function processUsing(databaseFile: string): number | undefined {
  const pid = pidIn(pidFileOf(databaseFile));
  return pid !== undefined && isAlive(pid) ? pid : undefined;
}

function pidIn(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
