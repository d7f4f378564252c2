import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from './database';

// SQLite's read at once (database.ts, `readNow`): it may run only when it would have had its turn at once anyway.
// Run while a transaction holds the one connection, it would read that transaction's writes before they are
// committed; run while a statement waits for the connection, it would go ahead of it.

describe('readNow on SQLite', () => {
  let folder: string;
  let database: AppDatabase;
  const names = sql<{ name: string }>`select name from people order by name`;
  const readNow = () => database.readNow!(names.compile(database.db));

  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'read-now-'));
    database = openDatabase({ dialect: 'sqlite', file: join(folder, 'book.db') });
    await sql`create table people (name text)`.execute(database.db);
    await sql`insert into people (name) values ('Aiko')`.execute(database.db);
  });
  afterEach(async () => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('reads at once what the database holds when nothing holds the connection', () => {
    expect(readNow()).toEqual([{ name: 'Aiko' }]);
  });

  it("declines while a transaction is open, so it never reads that transaction's uncommitted writes", async () => {
    let insideTransaction: unknown = 'not asked';
    await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into people (name) values ('Ren')`.execute(trx);
        insideTransaction = readNow();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(insideTransaction).toBeUndefined();
    expect(readNow()).toEqual([{ name: 'Aiko' }]);
  });

  it('declines while a statement holds or waits for the connection, and reads again once it is free', async () => {
    const first = names.execute(database.db);
    const second = names.execute(database.db);
    expect(readNow()).toBeUndefined();
    await Promise.all([first, second]);
    expect(readNow()).toEqual([{ name: 'Aiko' }]);
  });
});
