import type { CompiledQuery, QueryId } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAddressKeys } from '../../src/server/accounts/address-keys';
import { createAdminGrants } from '../../src/server/accounts/admin-grants';
import { createAuth } from '../../src/server/auth';
import { BATCH_WAIT_MS } from '../../src/server/db/statement-batches';
import { createSessionFastPath, type SessionFastPath } from '../../src/server/http/session-fast-path';
import { createOriginPolicy } from '../../src/server/http/origins';
import { createRateCounters } from '../../src/server/db/rate-counters';
import { TestClient } from '../support/http-client';
import { OWNER, OWNER_ENV } from '../support/owner';
import { makeSignedInGuests } from '../support/release-night';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 18: the plain case of "who is asking" is answered without Better Auth's endpoint (decision 0011). It must
// say exactly what Better Auth says of the same cookie, and hand every other case to Better Auth, on both
// databases: a signed-out, renewed, expired or forged session behaves as before.

describe('the session fast path', () => {
  let server: TestServer;
  let fast: SessionFastPath;
  let auth: ReturnType<typeof createAuth>;

  beforeAll(async () => {
    server = await startTestServer({ env: OWNER_ENV });
    const { config, database } = server;
    const unused = () => Promise.reject(new Error('no email expected'));
    // Better Auth as the server builds it, over the server's own database and secret.
    auth = createAuth(config, database, {
      emails: {
        sendVerification: unused,
        sendPasswordReset: unused,
        sendEmailChanged: unused,
        sendSignUpAttempt: unused,
      },
      adminGrants: createAdminGrants(database.db, config.adminEmail),
      counters: createRateCounters(database),
      keys: createAddressKeys(config.authSecret),
      origins: createOriginPolicy(config),
      logger: pino({ level: 'silent' }),
      now: () => new Date(),
      removeAccountData: unused,
      forgetAccountAddress: unused,
    });
    fast = await createSessionFastPath(auth, database.db, database.readNow);
  });
  afterAll(() => server?.stop());

  const signedIn = async (email: string, password: string, signUp = true) => {
    const client = new TestClient(server.url);
    expect((signUp ? await client.signUp(email, password) : await client.signIn(email, password)).status).toBe(200);
    return client;
  };
  const betterAuthSays = async (cookie: string) =>
    auth.api.getSession({ headers: new Headers({ cookie }) }) as Promise<{
      session: { id: string; token: string; createdAt: Date };
      user: { id: string; email: string; name: string; emailVerified: boolean; image: string | null | undefined };
    } | null>;

  it('says of a guest and of the admin what Better Auth says', async () => {
    for (const client of [
      await signedIn('ann@example.com', 'ann-password-1'),
      await signedIn(OWNER.email, OWNER.password, false),
    ]) {
      const cookie = client.cookieHeader();
      const expected = await betterAuthSays(cookie);
      expect(expected).not.toBeNull();
      const found = await fast.find(cookie);
      expect(found).toEqual({
        session: { id: expected!.session.id, token: expected!.session.token, createdAt: expected!.session.createdAt },
        user: {
          id: expected!.user.id,
          email: expected!.user.email,
          name: expected!.user.name,
          emailVerified: expected!.user.emailVerified,
          image: expected!.user.image ?? null,
        },
      });
    }
  });

  it('leaves to Better Auth a forged signature, an unknown or ended session, an expired one and one due for renewal', async () => {
    const client = await signedIn('bob@example.com', 'bob-password-1');
    const cookie = client.cookieHeader();
    const [name, value] = cookie.split(/=(.*)/s) as [string, string];
    const token = decodeURIComponent(value).split('.')[0]!;
    expect(await fast.find(cookie)).toBeDefined();

    // Signed with another key, or not signed at all.
    const forged = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect(await fast.find(forged)).toBeUndefined();
    expect(await fast.find(`${name}=${token}`)).toBeUndefined();
    expect(await betterAuthSays(forged)).toBeNull();

    // "Don't remember me" and the cookie cache are Better Auth's to read.
    expect(await fast.find(`${cookie}; better-auth.dont_remember=x`)).toBeUndefined();

    const setExpiry = (at: Date) =>
      server.database.db
        .updateTable('session')
        .set({ expiresAt: server.config.database.dialect === 'postgres' ? at : at.toISOString() })
        .where('token', '=', token)
        .execute();
    const day = 24 * 60 * 60 * 1000;

    // Due for its daily renewal (two days left of seven): Better Auth renews it and sets the cookie again.
    await setExpiry(new Date(Date.now() + 2 * day));
    expect(await fast.find(cookie)).toBeUndefined();
    const renewing = await client.get('/api/reservations/mine');
    expect(renewing.status).toBe(200);
    expect(renewing.headers.getSetCookie().some((line) => line.startsWith(`${name}=`))).toBe(true);
    expect(await fast.find(client.cookieHeader())).toBeDefined();

    // Expired: refused at once.
    await setExpiry(new Date(Date.now() - 1000));
    expect(await fast.find(cookie)).toBeUndefined();
    expect((await client.get('/api/reservations/mine')).status).toBe(401);

    // Ended (signed out on another device): refused at once, no cache in between.
    const other = await signedIn('cat@example.com', 'cat-password-1');
    expect((await other.get('/api/reservations/mine')).status).toBe(200);
    const otherToken = decodeURIComponent(other.cookieHeader().split(/=(.*)/s)[1]!).split('.')[0]!;
    await server.database.db.deleteFrom('session').where('token', '=', otherToken).execute();
    expect(await fast.find(other.cookieHeader())).toBeUndefined();
    expect((await other.get('/api/reservations/mine')).status).toBe(401);
  });

  /** Guests signed in beforehand (their sessions written as Better Auth writes them), as on a release night. */
  const guests = (count: number, prefix: string) =>
    makeSignedInGuests(
      { DATA_DIR: server.testDatabase.dataDir, DATABASE_URL: server.testDatabase.url, PUBLIC_URL: server.url },
      count,
      (index) => `${prefix}${index}@example.com`,
    );
  const tokenOf = (cookie: string) => decodeURIComponent(cookie.split(/=(.*)/s)[1]!).split('.')[0]!;

  /** A fast path whose reads of sessions are counted as each is sent to the database (its SQL, as it runs). */
  const countingFastPath = async () => {
    const reads = { count: 0 };
    const db = server.database.db;
    const counted = new Proxy(db, {
      get(target, key) {
        if (key === 'executeQuery')
          return (query: CompiledQuery, ...rest: [QueryId?]) => {
            if (/from "session"/.test(query.sql)) reads.count++;
            return target.executeQuery(query, ...rest);
          };
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    return { reads, fast: await createSessionFastPath(auth, counted) };
  };

  it('reads the sessions asked for at one moment in one query, each as its own', async () => {
    const cookies = (await guests(5, 'many')).map((guest) => guest.cookie);
    // The last one signed out: a signed cookie whose session is gone.
    await server.database.db.deleteFrom('session').where('token', '=', tokenOf(cookies[4]!)).execute();
    const { reads, fast: counted } = await countingFastPath();

    const found = await Promise.all(cookies.map((cookie) => counted.find(cookie)));
    expect(reads.count).toBe(1);
    for (const [index, cookie] of cookies.slice(0, 4).entries())
      expect(found[index]?.user.email).toBe((await betterAuthSays(cookie))!.user.email);
    expect(found[4]).toBeUndefined();
  });

  /** Holds the session table from another connection, so reads of sessions wait; `release` commits `then` first. */
  const holdSessionTable = async () => {
    const holder = new pg.Client({ connectionString: server.testDatabase.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table "session" in access exclusive mode');
    return {
      release: async (then?: string, values?: string[]) => {
        if (then) await holder.query(then, values);
        await holder.query('commit');
        await holder.end();
      },
    };
  };
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'on SQLite reads at once while the connection is free, and waits for a transaction that holds it rather than read its uncommitted writes',
    async () => {
      const [cookie] = (await guests(1, 'now')).map((guest) => guest.cookie);
      const { database } = server;
      // What each read at once answered: rows, or undefined when it declined.
      const answered: unknown[] = [];
      const readNow: typeof database.readNow = (query) => {
        const rows = database.readNow!(query);
        answered.push(rows);
        return rows;
      };
      const direct = await createSessionFastPath(auth, database.db, readNow);
      expect((await direct.find(cookie!))?.user.email).toBe('now0@example.com');
      expect(answered).toEqual([[expect.objectContaining({ email: 'now0@example.com' })]]);

      let found: ReturnType<SessionFastPath['find']> | undefined;
      await database.db
        .transaction()
        .execute(async (trx) => {
          await trx.deleteFrom('session').where('token', '=', tokenOf(cookie!)).execute();
          found = direct.find(cookie!);
          // The lookup's batch is sent at the next turn: it finds the connection held, and queues behind it.
          await nextTurn();
          expect(answered).toHaveLength(2);
          expect(answered[1]).toBeUndefined();
          throw new Error('roll back');
        })
        .catch((error: Error) => expect(error.message).toBe('roll back'));
      // Rolled back: the session was never ended, and the lookup, read after, says so.
      expect((await found!)?.user.email).toBe('now0@example.com');
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'has the lookups made while a read is under way wait for it, then read them together, after they were made',
    async () => {
      const [first, ...later] = (await guests(3, 'held')).map((guest) => guest.cookie);
      const { reads, fast: counted } = await countingFastPath();
      const hold = await holdSessionTable();
      const firstFound = counted.find(first!);
      await vi.waitFor(() => expect(reads.count).toBe(1));
      const laterFound = Promise.all(later.map((cookie) => counted.find(cookie)));
      await nextTurn();
      await nextTurn();
      expect(reads.count).toBe(1);
      // Signed out meanwhile: the later lookups' read begins after it, so it finds no session.
      await hold.release('delete from "session" where token = $1', [tokenOf(later[1]!)]);
      expect((await firstFound)?.user.email).toBe('held0@example.com');
      const [found, signedOut] = await laterFound;
      expect(reads.count).toBe(2);
      expect(found?.user.email).toBe('held1@example.com');
      expect(signedOut).toBeUndefined();
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)('does not hold lookups behind a read that hangs', async () => {
    const [first, second] = (await guests(2, 'hung')).map((guest) => guest.cookie);
    const { reads, fast: counted } = await countingFastPath();
    const hold = await holdSessionTable();
    try {
      const firstFound = counted.find(first!);
      await vi.waitFor(() => expect(reads.count).toBe(1));
      const secondFound = counted.find(second!);
      // The first read still waits for the table; the second goes on its own after BATCH_WAIT_MS.
      await vi.waitFor(() => expect(reads.count).toBe(2), { timeout: BATCH_WAIT_MS * 20 });
      await hold.release();
      expect((await firstFound)?.user.email).toBe('hung0@example.com');
      expect((await secondFound)?.user.email).toBe('hung1@example.com');
    } finally {
      await hold.release().catch(() => undefined);
    }
  });
});
