import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FifoLock, FifoSqliteDialect } from './fifo-sqlite-dialect';

describe('FifoLock', () => {
  it('hands the lock to waiters in the order they asked', async () => {
    const lock = new FifoLock();
    const order: number[] = [];
    await lock.acquire();
    const waiters = [1, 2, 3].map((n) => lock.acquire().then(() => order.push(n)));
    expect(lock.waiting).toBe(3);
    for (let i = 0; i < 3; i++) {
      lock.release();
      await Promise.resolve();
      await Promise.resolve();
    }
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
    lock.release();
    // Free again: the next asker gets it at once.
    await expect(lock.acquire()).resolves.toBeUndefined();
  });

  it('lets no newcomer take it ahead of those waiting, even at the moment it is released', async () => {
    const lock = new FifoLock();
    const order: string[] = [];
    await lock.acquire();
    const waiter = lock.acquire().then(() => order.push('waiting since before'));
    lock.release();
    // Asked in the same tick as the release, before the waiter has woken.
    const newcomer = lock.acquire().then(() => order.push('newcomer'));
    await waiter;
    lock.release();
    await newcomer;
    expect(order).toEqual(['waiting since before', 'newcomer']);
  });
});

describe('FifoSqliteDialect', () => {
  it('serves queries in the order they were sent, and never runs one inside another transaction', async () => {
    const db = new Kysely<{ t: { id: number; v: string } }>({
      dialect: new FifoSqliteDialect({ database: new SqliteDatabase(':memory:') }),
    });
    await sql`create table t (id integer primary key, v text)`.execute(db);
    const seen: string[] = [];
    // A transaction that awaits between its statements, and reads that arrive while it is open: none of the reads
    // may see its first row before it commits both, and they are answered in the order they came.
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 1, v: 'a' }).execute();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await trx.insertInto('t').values({ id: 2, v: 'b' }).execute();
      seen.push('committed');
    });
    const reads = Array.from({ length: 50 }, (_, n) =>
      db
        .selectFrom('t')
        .select((eb) => eb.fn.countAll<number>().as('rows'))
        .executeTakeFirstOrThrow()
        .then(({ rows }) => seen.push(`read ${n}: ${rows}`)),
    );
    await Promise.all([transaction, ...reads]);
    expect(seen).toEqual(['committed', ...Array.from({ length: 50 }, (_, n) => `read ${n}: 2`)]);
    await db.destroy();
  });
});
