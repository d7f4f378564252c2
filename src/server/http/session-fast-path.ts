import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookies } from 'better-call';
import type { CompiledQuery, Kysely } from 'kysely';
import type { Auth } from '../auth';
import type { AppDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { statementBatches } from '../db/statement-batches';
import type { Session } from './app-env';

// The common case of "who is asking", answered without Better Auth's endpoint machinery
// (docs/decisions/0011-session-fast-path.md): on a release night two thousand guests ask at once, and building an
// endpoint context, verifying the cookie on the thread pool and reading the session and its user in two queries
// was a quarter of the server's CPU (on PostgreSQL, half its socket writes). Here: the cookie parsed by Better
// Auth's own parser (better-call), its signature checked as Better Auth signs it, and the session with its user
// read in one query. The session is still read from the database on every request, so signing out or a password
// change ends it everywhere at once, as before (decision 0006). Anything but the plain case (a bad signature, a
// session not found, expired or due for its daily renewal, "don't remember me", a cookie-cache cookie) returns
// undefined, and the caller asks Better Auth's getSession, which handles it as it always did.
//
// Lookups made at once go together in one query (sessionReads, db/statement-batches.ts). Each read still begins
// after its request arrived, so no session is remembered between requests (only which cookies' signatures held). On
// SQLite the read runs at once on the connection when nothing holds it (`readNow`), not through Kysely's executor.

type AuthContext = Awaited<Auth['$context']>;

/** Better Auth signs its cookies `value.signature`, the signature HMAC-SHA256 in standard base64 (44 characters). */
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

export interface SessionFastPath {
  /** The session the cookie names, when the plain case applies; undefined: ask Better Auth. */
  find(cookieHeader: string): Promise<Session | undefined>;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The sessions of these tokens with their users, one row each (none for a token no session has). */
const sessionsQuery = (db: Kysely<Database>, tokens: readonly string[]) =>
  db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .select([
      'session.token',
      'session.id as sessionId',
      'session.createdAt as sessionCreatedAt',
      'session.expiresAt',
      'user.id as userId',
      'user.email',
      'user.name',
      'user.emailVerified',
      'user.image',
    ])
    .where('session.token', 'in', tokens);

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionsQuery>['execute']>>[number];

/**
 * `sessionsQuery`, compiled once for each number of tokens and then run with the tokens as its parameters: its SQL
 * depends on nothing else, and building and compiling it anew was half the cost of a session read on a release
 * night (docs/benchmarks.md).
 */
function sessionReader(db: Kysely<Database>, readNow: AppDatabase['readNow']) {
  const compiled = new Map<number, CompiledQuery<SessionRow>>();
  return async (tokens: readonly string[]): Promise<SessionRow[]> => {
    let query = compiled.get(tokens.length);
    if (!query) {
      query = sessionsQuery(db, tokens).compile();
      // The tokens are its only parameters, in order: anything else would make the reuse below wrong.
      if (query.parameters.length !== tokens.length || query.parameters.some((value, i) => value !== tokens[i]))
        throw new Error('the session query has parameters other than its tokens');
      compiled.set(tokens.length, query);
    }
    const withTokens: CompiledQuery<SessionRow> = { ...query, parameters: tokens };
    return readNow?.(withTokens) ?? (await db.executeQuery(withTokens)).rows;
  };
}

/** Signed cookies kept as verified: a release night's guests and then some, a few hundred kilobytes. */
const VERIFIED_KEPT = 10_000;

/** The sessions of tokens looked up at once, read together (db/statement-batches.ts). */
function sessionReads(db: Kysely<Database>, readNow: AppDatabase['readNow']) {
  const readSessions = sessionReader(db, readNow);
  return statementBatches<string, SessionRow | undefined>(async (tokens) => {
    const rows = await readSessions(tokens);
    const byToken = new Map(rows.map((row) => [row.token, row]));
    return tokens.map((token) => byToken.get(token));
  });
}

export async function createSessionFastPath(
  auth: Auth,
  db: Kysely<Database>,
  /** SQLite's read at once when its connection is free (db/database.ts); without it, every read goes through `db`. */
  readNow?: AppDatabase['readNow'],
): Promise<SessionFastPath> {
  const context: AuthContext = await auth.$context;
  const names = {
    token: context.authCookies.sessionToken.name,
    dontRemember: context.authCookies.dontRememberToken.name,
    cache: context.authCookies.sessionData.name,
  };
  const { expiresIn, updateAge } = context.sessionConfig;

  /**
   * Cookies whose signature held, with their token: a guest's every request carries the same cookie, and checking
   * its signature once per request was a twentieth of the CPU of a release night. Only cookies that verified are
   * kept (a stranger's made-up cookies cannot fill it), the oldest dropped beyond VERIFIED_KEPT.
   */
  const verifiedCookies = new Map<string, string>();

  /** The token of a signed cookie value (as better-call's parser decodes it), or undefined when it does not hold. */
  const verified = (value: string): string | undefined => {
    const known = verifiedCookies.get(value);
    if (known !== undefined) return known;
    const dot = value.lastIndexOf('.');
    if (dot < 1) return undefined;
    const token = value.slice(0, dot);
    const signature = value.slice(dot + 1);
    if (!SIGNATURE.test(signature)) return undefined;
    // The same HMAC-SHA256 Better Auth signs with, computed at once: its WebCrypto verify imports the key and
    // queues a job on the thread pool for each cookie, which was a twentieth of the CPU on a release night.
    const expected = createHmac('sha256', context.secret).update(token).digest();
    const given = Buffer.from(signature, 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    verifiedCookies.set(value, token);
    if (verifiedCookies.size > VERIFIED_KEPT) verifiedCookies.delete(verifiedCookies.keys().next().value!);
    return token;
  };

  const sessions = sessionReads(db, readNow);

  return {
    async find(cookieHeader) {
      // Parsed as Better Auth's own router parses them (better-call), so both read the same cookie.
      const cookies = parseCookies(cookieHeader);
      const signed = cookies.get(names.token);
      if (
        !signed ||
        cookies.has(names.dontRemember) ||
        [...cookies.keys()].some((name) => name.startsWith(names.cache))
      )
        return undefined;
      const token = verified(signed);
      if (!token) return undefined;
      const row = await sessions(token);
      if (!row) return undefined;
      const expiresAt = asDate(row.expiresAt).valueOf();
      const now = Date.now();
      // Expired (Better Auth deletes it and clears the cookie) or due for renewal (it renews and sets the cookie).
      if (!(expiresAt >= now) || expiresAt - expiresIn * 1000 + updateAge * 1000 <= now) return undefined;
      return {
        session: { id: row.sessionId, token, createdAt: asDate(row.sessionCreatedAt) },
        user: {
          id: row.userId,
          email: row.email,
          name: row.name,
          // SQLite keeps it as 0 or 1, PostgreSQL as a boolean.
          emailVerified: Boolean(Number(row.emailVerified)),
          image: row.image,
        },
      };
    },
  };
}
