import Database from 'better-sqlite3';
import { fork } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authSecretWeakness } from '../config';
import { makePrivateFolder, PRIVATE_FILE } from '../private-files';
import { fileStamp, syncToDisk } from './backup-files';
import type { BackupInfo, BookSummary } from './book-file';
import { processUsing } from './pid-file';
import type { ReadAnswer, ReadRequest } from './restore-read-process';
import { setAside } from './set-aside';

// Puts a backup in the database's place, with the app stopped. Nothing is replaced until the backup has been
// read and checked whole, within a time limit, and its auth secret is one the app starts with; the database it
// replaces (with any log SQLite had not folded in yet) and the auth secret are kept aside under a dated name of
// their own, never deleted nor overwritten.

/** Restore did nothing; the message says why (the command adds "Nothing was replaced."). */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/**
 * How long the backup may take to be read and checked before restore gives up on it. A backup of 130,000
 * reservations is made and checked in about two seconds (backup-process.ts); a read that takes minutes is a disk
 * or network mount that stopped answering, and restore says so rather than wait for ever.
 */
export const RESTORE_TIMEOUT_MS = 2 * 60 * 1000;

export interface RestoreRequest {
  file: string;
  databaseFile: string;
  /** DATA_DIR/auth-secret when the app's secret comes from it, else undefined (AUTH_SECRET is set). */
  authSecretFile: string | undefined;
  now: Date;
  /** RESTORE_TIMEOUT_MS, but for tests. */
  timeoutMs: number;
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

export async function restoreBackup(request: RestoreRequest): Promise<RestoreResult> {
  const { file, databaseFile, authSecretFile, now } = request;
  const running = processUsing(databaseFile);
  if (running !== undefined)
    throw new RestoreRefused(`the app is running on ${databaseFile} (process ${running}); stop it first`);

  // Checked and trimmed as a copy beside the database, so the final step is a rename on the same disk; named for
  // this process, so that no other restore writes it.
  const stamp = fileStamp(now);
  const incoming = `${databaseFile}.restoring-${stamp}-${process.pid}`;
  makePrivateFolder(dirname(databaseFile));
  let summary: BookSummary;
  try {
    summary = await readInOwnProcess({ file, copy: incoming }, request.timeoutMs);
    const secret = summary.info?.authSecret;
    const weakness = authSecretFile && secret !== undefined ? authSecretWeakness(secret.trim()) : undefined;
    if (weakness)
      throw new RestoreRefused(
        `${file} cannot be restored: its auth secret is ${weakness}, so the app would not start with it`,
      );
    if (existsSync(databaseFile)) foldLogIntoDatabase(databaseFile);
  } catch (error) {
    removeWithCompanions(incoming);
    throw error;
  }

  // Whatever log is left goes aside with the database it belongs to.
  const previousDatabase = existsSync(databaseFile)
    ? setAside(databaseFile, `${databaseFile}.before-restore-${stamp}`, SQLITE_COMPANIONS)
    : undefined;
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
      writeFileSync(authSecretFile, `${restoredSecret}\n`, { mode: PRIVATE_FILE });
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
 * The backup copied beside the database and checked, by restore-read-process.ts in a process of its own: when that
 * takes longer than `timeoutMs`, restore refuses and ends it, without waiting for it to end (a process stuck in a
 * read on a stalled mount goes only once the read returns).
 */
function readInOwnProcess(request: ReadRequest, timeoutMs: number): Promise<BookSummary> {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSources ? './restore-read-process.ts' : './restore-read-process.js', import.meta.url);
  const child = fork(fileURLToPath(entry), [], {
    execArgv: fromSources ? ['--import', 'tsx'] : [],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const refused = (reason: string) => new RestoreRefused(`${request.file} cannot be restored: ${reason}`);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      if (child.connected) child.disconnect();
      child.unref();
      reject(
        refused(
          `reading and checking it took longer than ${timeoutMs / 1000} s (is it on a disk or network mount that stopped answering? Copy it to a local disk first)`,
        ),
      );
    }, timeoutMs);
    child.once('message', (answer: ReadAnswer) => {
      clearTimeout(timer);
      if ('summary' in answer) resolve(answer.summary);
      else reject(refused(answer.refusal));
    });
    // Also a message that could not be sent to a process ended meanwhile: the first outcome stands.
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // 'close', not 'exit': it comes after the channel has delivered every message the process sent.
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      reject(refused(`the process reading it stopped (${signal ?? `exit code ${code}`})`));
    });
    child.send(request);
  });
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
