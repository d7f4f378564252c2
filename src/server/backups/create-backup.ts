import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { backupFileName, partialName, removeStalePartials, syncToDisk, type BackupKind } from './backup-files';
import { checkBookFile, UnusableBookError, writeBackupInfo } from './book-file';

// One backup of the SQLite book, safe while the app keeps taking bookings (docs/decisions/0008-backups.md):
// VACUUM INTO copies the database as one read transaction, so the copy is the book as it stood at one instant,
// with every booking committed before it and none half-written; the app's writers carry on meanwhile (WAL).
// The copy gets the auth secret and its own record, is checked whole, and only then takes its final name.

/** A backup could not be made; the message says why, for the log or the command's one line. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupResult {
  file: string;
  createdAt: Date;
  reservations: number;
  accounts: number;
  authSecretIncluded: boolean;
  /** How long it took, copy and checks. */
  ms: number;
}

export interface BackupRequest {
  databaseFile: string;
  backupDir: string;
  /** DATA_DIR/auth-secret when the app's secret comes from it, else undefined (AUTH_SECRET is set). */
  authSecretFile: string | undefined;
  kind: BackupKind;
  now: Date;
}

export function createBackup({ databaseFile, backupDir, authSecretFile, kind, now }: BackupRequest): BackupResult {
  const started = performance.now();
  if (!existsSync(databaseFile)) throw new BackupError(`there is no database at ${databaseFile}`);
  // Backups hold every guest's details and the key that signs sessions: for the owner's eyes only.
  mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  removeStalePartials(backupDir);
  const name = backupFileName(now, kind);
  const file = join(backupDir, name);
  if (existsSync(file)) throw new BackupError(`${file} already exists (one backup a second at most)`);
  const partial = join(backupDir, partialName(name));
  rmSync(partial, { force: true });
  // VACUUM INTO fills an empty file it finds, so the copy never exists with wider permissions.
  writeFileSync(partial, '', { mode: 0o600 });

  try {
    const source = new Database(databaseFile, { fileMustExist: true });
    try {
      source.pragma('busy_timeout = 5000');
      source.prepare('VACUUM INTO ?').run(partial);
    } finally {
      source.close();
    }

    const secret =
      authSecretFile && existsSync(authSecretFile) ? readFileSync(authSecretFile, 'utf8').trim() : undefined;
    const copy = new Database(partial, { fileMustExist: true });
    try {
      const count = (table: string) => copy.prepare(`select count(*) from "${table}"`).pluck().get() as number;
      writeBackupInfo(copy, {
        createdAt: now.toISOString(),
        authSecret: secret,
        reservations: count('reservations'),
        accounts: count('user'),
      });
    } finally {
      copy.close();
    }

    const summary = checkBookFile(partial);
    syncToDisk(partial);
    renameSync(partial, file);
    syncToDisk(dirname(file));
    return {
      file,
      createdAt: now,
      reservations: summary.reservations,
      accounts: summary.accounts,
      authSecretIncluded: secret !== undefined,
      ms: performance.now() - started,
    };
  } catch (error) {
    rmSync(partial, { force: true });
    if (error instanceof BackupError) throw error;
    if (error instanceof UnusableBookError) throw new BackupError(`the copy failed its check: ${error.message}`);
    throw new BackupError((error as Error).message);
  }
}
