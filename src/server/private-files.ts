import { closeSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';

// What the app writes holds every guest's details (the SQLite book and its logs), live password-reset links (the
// outbox's .eml files) and the key that signs sessions: only the user the app runs as may open it, whatever the
// umask. The app creates its folders 0700 and its files 0600; at start it names those an install made before
// this rule left open to other users, and the chmod that closes them (it does not change them itself).

const PRIVATE_FOLDER = 0o700;
export const PRIVATE_FILE = 0o600;

/** Creates the folder (and its missing parents) private; one that exists is left as it is. */
export function makePrivateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER });
}

/**
 * Creates the file empty and private when it does not exist; one that exists is left as it is. For the SQLite
 * book before it is opened: SQLite gives its log and shared memory (-wal, -shm) the database file's own mode.
 */
export function makePrivateFile(file: string): void {
  try {
    closeSync(openSync(file, 'wx', PRIVATE_FILE));
  } catch (error) {
    // Not even opened when it exists: a book on a read-only disk is still served, read-only.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** Where the app keeps what is private; the SQLite book on SQLite, the secret file unless AUTH_SECRET is set. */
export interface PrivatePlaces {
  dataDir: string;
  outboxDir: string;
  databaseFile: string | undefined;
  authSecretFile: string | undefined;
}

/** Logs one warning naming the app's folders and files that other users can open, with the chmod to run. */
export function warnAboutOpenFiles(places: PrivatePlaces, logger: Logger): void {
  const { dataDir, outboxDir, databaseFile, authSecretFile } = places;
  const folders = [...new Set([dataDir, outboxDir])].filter(isOpenToOthers);
  const files = [
    ...(databaseFile ? ['', '-wal', '-shm', '-journal'].map((suffix) => databaseFile + suffix) : []),
    ...(authSecretFile ? [authSecretFile] : []),
  ].filter(isOpenToOthers);
  // The outbox may hold thousands: named together.
  const emails = emailsIn(outboxDir).filter(isOpenToOthers);
  if (folders.length + files.length + emails.length === 0) return;

  const privateFiles = [...files, ...(emails.length ? [join(outboxDir, '*.eml')] : [])];
  const chmod = [
    ...(folders.length ? [`chmod 700 ${folders.join(' ')}`] : []),
    ...(privateFiles.length ? [`chmod 600 ${privateFiles.join(' ')}`] : []),
  ].join(' && ');
  const emailCount = `${emails.length} email${emails.length === 1 ? '' : 's'} in ${outboxDir}`;
  const named = [...folders, ...files, ...(emails.length ? [emailCount] : [])];
  logger.warn(
    { paths: [...folders, ...files, ...emails] },
    `Other users of this machine can open what the app keeps private (guests' details, password-reset links, the key that signs sessions): ${named.join(', ')}. Run: ${chmod}`,
  );
}

/** Whether the group or others have any permission on the path; false when it does not exist. */
function isOpenToOthers(path: string): boolean {
  try {
    return (statSync(path).mode & 0o077) !== 0;
  } catch {
    return false;
  }
}

function emailsIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.eml'))
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}
