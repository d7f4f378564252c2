import { closeSync, existsSync, openSync, renameSync, rmSync } from 'node:fs';

// Restore keeps what it replaces (the database with SQLite's files beside it, the auth secret) under a new name,
// and must never overwrite a file in doing so: two restores within one second want the same dated name. A name is
// taken by creating it exclusively (O_EXCL: the system refuses when the name exists, with no gap between looking
// and taking, as there would be with existsSync then rename); the file is then renamed over its own empty claim.

/**
 * Moves `file`, and each `file + companion` that exists ("-wal" ...), to `base`, or to `base-2`, `base-3` ... when
 * one of those names is taken, all under the same name (SQLite pairs "<name>-wal" with "<name>"). Returns the name
 * `file` now has.
 */
export function setAside(file: string, base: string, companions: readonly string[] = []): string {
  const suffixes = ['', ...companions].filter((suffix) => existsSync(file + suffix));
  for (let attempt = 1; ; attempt++) {
    const name = attempt === 1 ? base : `${base}-${attempt}`;
    const claimed: string[] = [];
    for (const suffix of suffixes) {
      if (!claim(name + suffix)) break;
      claimed.push(name + suffix);
    }
    if (claimed.length === suffixes.length) {
      for (const suffix of suffixes) renameSync(file + suffix, name + suffix);
      return name;
    }
    // One of the names is someone else's: give back the ones taken, and try the next number.
    for (const path of claimed) rmSync(path);
  }
}

/** Creates `path`, empty and owner-only, when nothing has that name; false when something has. */
function claim(path: string): boolean {
  try {
    closeSync(openSync(path, 'wx', 0o600));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
