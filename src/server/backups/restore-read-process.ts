import Database from 'better-sqlite3';
import { closeSync, constants, createReadStream, createWriteStream, fstatSync, openSync, type Stats } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { BACKUP_INFO_TABLE, checkBookFile, UnusableBookError, type BookSummary } from './book-file';

// `npm run restore` reads the backup here, in a process of its own (forked by restore-backup.ts), so that it can
// give up on a read that never ends (a file on a network mount that stopped answering) and still say so: a read
// stuck in the system cannot be interrupted from inside the process that waits on it.

export interface ReadRequest {
  /** The backup, as the owner named it. */
  file: string;
  /** Where its copy goes: beside the database, a name of its own that nothing else has. */
  copy: string;
}

/** The copy's counts and record; or why the backup cannot be restored (completing "... cannot be restored: "). */
export type ReadAnswer = { summary: BookSummary } | { refusal: string };

/** Copies the backup, checks the copy whole and trims the backup's own record from it. */
export async function copyAndCheck({ file, copy }: ReadRequest): Promise<BookSummary> {
  // Without O_NONBLOCK, opening a named pipe waits for a writer, for ever; a regular file reads the same with it.
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  const kind = kindOf(fstatSync(fd));
  if (kind) {
    closeSync(fd);
    throw new UnusableBookError(`it is ${kind}, not a file`);
  }
  // From the descriptor just checked (it closes it), not the name, which may have been pointed elsewhere since.
  await pipeline(createReadStream(file, { fd }), createWriteStream(copy, { flags: 'wx', mode: 0o600 }));
  const summary = checkBookFile(copy);
  const db = new Database(copy, { fileMustExist: true });
  try {
    db.exec(`drop table if exists ${BACKUP_INFO_TABLE}`);
  } finally {
    db.close();
  }
  return summary;
}

/** What something that is not a regular file is, in words; undefined for a regular file. */
function kindOf(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  return 'a special file';
}

function refusalOf(error: unknown): string {
  if (error instanceof UnusableBookError) return error.message;
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'ENOENT') return 'there is no such file';
  return `it cannot be read (${message})`;
}

process.once('message', (request: ReadRequest) => {
  copyAndCheck(request).then(
    (summary) => answer({ summary }),
    (error: unknown) => answer({ refusal: refusalOf(error) }),
  );
});

function answer(message: ReadAnswer) {
  process.send?.(message, () => process.disconnect());
}
