import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setAside } from './set-aside';

const COMPANIONS = ['-wal', '-shm', '-journal'];

/** A folder holding the given files, each with its name as its content. */
function folder(names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'set-aside-'));
  for (const name of names) writeFileSync(join(dir, name), name);
  return dir;
}

/** Each file in `dir` and its content. */
const contents = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );

describe('setting a file aside', () => {
  it('moves the file and the companions it has to the name given', () => {
    const dir = folder(['book.db', 'book.db-wal']);
    expect(setAside(join(dir, 'book.db'), join(dir, 'book.db.old'), COMPANIONS)).toBe(join(dir, 'book.db.old'));
    expect(contents(dir)).toEqual({ 'book.db.old': 'book.db', 'book.db.old-wal': 'book.db-wal' });
  });

  it('never overwrites: a name taken gets the next number, and what held it keeps its content', () => {
    const dir = folder(['book.db', 'book.db-wal', 'book.db.old', 'book.db.old-wal']);
    const file = join(dir, 'book.db');
    expect(setAside(file, join(dir, 'book.db.old'), COMPANIONS)).toBe(join(dir, 'book.db.old-2'));
    writeFileSync(file, 'the third book');
    expect(setAside(file, join(dir, 'book.db.old'), COMPANIONS)).toBe(join(dir, 'book.db.old-3'));
    expect(contents(dir)).toEqual({
      'book.db.old': 'book.db.old',
      'book.db.old-wal': 'book.db.old-wal',
      'book.db.old-2': 'book.db',
      'book.db.old-2-wal': 'book.db-wal',
      'book.db.old-3': 'the third book',
    });
  });

  it('takes a name only when every companion is free there too, leaving no claim behind on the ones it skips', () => {
    // A log without its database (its database removed by hand) still holds the name: a -wal must never pair
    // with a database it does not belong to.
    const dir = folder(['book.db', 'book.db-wal', 'book.db.old-wal']);
    expect(setAside(join(dir, 'book.db'), join(dir, 'book.db.old'), COMPANIONS)).toBe(join(dir, 'book.db.old-2'));
    expect(contents(dir)).toEqual({
      'book.db.old-wal': 'book.db.old-wal',
      'book.db.old-2': 'book.db',
      'book.db.old-2-wal': 'book.db-wal',
    });
  });
});
