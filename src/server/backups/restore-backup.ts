import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { authSecretWeakness } from '../config';
import { fileStamp, syncToDisk } from './backup-files';
import { BACKUP_INFO_TABLE, checkBookFile, UnusableBookError, type BackupInfo } from './book-file';
import { processUsing } from './pid-file';
import { setAside } from './set-aside';

// Puts a backup in the database's place, with the app stopped. Nothing is replaced until the backup has been
// checked whole and its auth secret is one the app starts with; the database it replaces (with any log SQLite
// had not folded in yet) and the auth secret are kept aside under a dated name of their own, never deleted nor
// overwritten.

/** Restore did nothing; the message says why (the command adds "Nothing was replaced."). */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreRequest {
  file: string;
  databaseFile: string;
  /** DATA_DIR/auth-secret when the app's secret comes from it, else undefined (AUTH_SECRET is set). */
  authSecretFile: string | undefined;
  now: Date;
}

export interface RestoreResult {
  reservations: number;
  accounts: number;
  /** The backup's own record (when it was taken); undefined for a plain copy of a database. */
  info: BackupInfo | undefined;
  /** restored: written to DATA_DIR/auth-secret; environment: the backup has one but AUTH_SECRET wins; none. */
  secret: 'restored' | 'environment' | 'none';
  previousDatabase: string | undefined;
  previousSecret: string | undefined;
}

const SQLITE_COMPANIONS = ['-wal', '-shm', '-journal'];

export function restoreBackup({ file, databaseFile, authSecretFile, now }: RestoreRequest): RestoreResult {
  const running = processUsing(databaseFile);
  if (running !== undefined)
    throw new RestoreRefused(`the app is running on ${databaseFile} (process ${running}); stop it first`);

  // Checked and trimmed as a copy beside the database, so the final step is a rename on the same disk.
  const stamp = fileStamp(now);
  const incoming = `${databaseFile}.restoring-${stamp}`;
  mkdirSync(dirname(databaseFile), { recursive: true });
  let summary: ReturnType<typeof checkBookFile>;
  try {
    copyFileSync(file, incoming);
    summary = checkBookFile(incoming);
    const db = new Database(incoming, { fileMustExist: true });
    try {
      db.exec(`drop table if exists ${BACKUP_INFO_TABLE}`);
    } finally {
      db.close();
    }
  } catch (error) {
    removeWithCompanions(incoming);
    const reason =
      error instanceof UnusableBookError
        ? error.message
        : (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? 'there is no such file'
          : `it cannot be read (${(error as Error).message})`;
    throw new RestoreRefused(`${file} cannot be restored: ${reason}`);
  }

  const backupSecret = summary.info?.authSecret;
  const weakness = authSecretFile && backupSecret !== undefined ? authSecretWeakness(backupSecret.trim()) : undefined;
  if (weakness) {
    removeWithCompanions(incoming);
    throw new RestoreRefused(
      `${file} cannot be restored: its auth secret is ${weakness}, so the app would not start with it`,
    );
  }

  let previousDatabase: string | undefined;
  if (existsSync(databaseFile)) {
    try {
      foldLogIntoDatabase(databaseFile);
    } catch (error) {
      removeWithCompanions(incoming);
      throw error;
    }
    // Whatever log is left goes aside with the database it belongs to.
    previousDatabase = setAside(databaseFile, `${databaseFile}.before-restore-${stamp}`, SQLITE_COMPANIONS);
  }
  renameSync(incoming, databaseFile);
  syncToDisk(dirname(databaseFile));

  let secret: RestoreResult['secret'] = 'none';
  let previousSecret: string | undefined;
  const restoredSecret = summary.info?.authSecret;
  if (restoredSecret && !authSecretFile) secret = 'environment';
  else if (restoredSecret && authSecretFile) {
    if (currentSecret(authSecretFile) !== restoredSecret.trim()) {
      if (existsSync(authSecretFile))
        previousSecret = setAside(authSecretFile, `${authSecretFile}.before-restore-${stamp}`);
      writeFileSync(authSecretFile, `${restoredSecret}\n`, { mode: 0o600 });
    }
    secret = 'restored';
  }

  return {
    reservations: summary.reservations,
    accounts: summary.accounts,
    info: summary.info,
    secret,
    previousDatabase,
    previousSecret,
  };
}

/** The secret file's content, trimmed; undefined when there is none or it cannot be read (it is then replaced). */
function currentSecret(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/**
 * Folds the database's write-ahead log into it and leaves it a single file, which only works when no other
 * connection has it open: with the app (or a backup) running on it, SQLite answers SQLITE_BUSY, and restore
 * refuses. This catches a running app whose pid file is missing or stale.
 */
function foldLogIntoDatabase(databaseFile: string): void {
  let db: Database.Database | undefined;
  try {
    db = new Database(databaseFile, { fileMustExist: true });
    db.pragma('busy_timeout = 0');
    db.pragma('journal_mode = DELETE');
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new RestoreRefused(`${databaseFile} is open in another process (is the app running?); stop it first`);
    }
    // A damaged current database is set aside as it is, with its log beside it.
  } finally {
    db?.close();
  }
}

function removeWithCompanions(file: string): void {
  for (const suffix of ['', ...SQLITE_COMPANIONS]) rmSync(file + suffix, { force: true });
}
