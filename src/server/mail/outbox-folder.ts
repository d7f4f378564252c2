import { readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';

// The outbox folder (MAIL_OUTBOX_DIR) holds a copy of every email sent without SMTP, as an .eml file. A deleted
// account's emails are removed from it with the account (accounts/personal-data.ts).

/** The addresses an .eml file is to: those in its To header, in the header block before the first blank line. */
function recipientsOf(eml: string): string[] {
  const headers = (eml.split(/\r?\n\r?\n/, 1)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  const to = /^to:(.*)$/im.exec(headers)?.[1] ?? '';
  return (to.match(/[^\s<>,;:"]+@[^\s<>,;:"]+/g) ?? []).map((address) => address.toLowerCase());
}

/** A file another removal (or the operator) took away first is gone all the same. */
const unlessMissing = <T>(error: unknown, fallback: T): T => {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fallback;
  throw error;
};

/** Removes the .eml files in `dir` addressed to `address` (in any case); returns how many it removed. */
export async function removeEmailsTo(dir: string, address: string): Promise<number> {
  const wanted = address.toLowerCase();
  const names = await readdir(dir).catch((error: unknown) => unlessMissing(error, [] as string[]));
  let removed = 0;
  for (const name of names.filter((file) => file.endsWith('.eml'))) {
    const file = join(dir, name);
    const eml = await readFile(file, 'utf8').catch((error: unknown) => unlessMissing(error, ''));
    if (!recipientsOf(eml).includes(wanted)) continue;
    await unlink(file).catch((error: unknown) => unlessMissing(error, undefined));
    removed++;
  }
  return removed;
}
