import { randomUUID } from 'node:crypto';
import { makeSignature } from 'better-auth/crypto';
import { sql } from 'kysely';
import { Agent, request } from 'undici';
import type { AccountEmails } from '../../src/server/accounts/account-emails';
import { createAddressKeys } from '../../src/server/accounts/address-keys';
import { createAdminGrants } from '../../src/server/accounts/admin-grants';
import { createAuth } from '../../src/server/auth';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { createRateCounters } from '../../src/server/db/rate-counters';
import { createOriginPolicy } from '../../src/server/http/origins';
import { createLogger } from '../../src/server/logger';
import { readSettings, readTables } from '../../src/server/settings/settings-store';
import { candidateTables } from '../../src/booking/availability';
import { bookingWindow, calendarOf, dateRefusalReason } from '../../src/booking/booking-window';
import { addDays, todayIn } from '../../src/booking/calendar';
import { activeTables, seatingsOn } from '../../src/booking/restaurant-settings';
import { auditBook, databaseTarget } from './book-integrity';
import { guestConnection, type GuestConnection } from './guest-connection';

// Release night, shared by the bench scenario (bench/release.ts: 2,000 guests in 2 s) and its reliability test
// (tests/reliability/release-night.test.ts: 300 guests in 1 s): signed-in guests made beforehand, the load
// itself (each guest loads availability for one newly opened date, books the first time offered, and on a
// taken slot asks availability again and tries once more, as the booking page does), and the book read back
// from the database afterwards.

/** One signed-in guest: its account's address and the Cookie header its browser would send. */
export interface ReleaseGuest {
  index: number;
  email: string;
  cookie: string;
  partySize: number;
}

/** Party sizes in a fixed pattern (not random, so runs compare): mostly 2, some 1, 3 and 4. */
const PARTY_PATTERN = [2, 2, 4, 2, 1, 2, 2, 3, 2, 2];
export const partySizeOf = (index: number) => PARTY_PATTERN[index % PARTY_PATTERN.length]!;

/** When the guests' accounts were made: long before any clock a test sets. */
export const REGULARS_SINCE = new Date('2020-01-01T00:00:00Z');

/** Every guest's password (they can sign in with it; the scenario never does). */
export const GUEST_PASSWORD = 'release-guest-password-1';

/**
 * The variables the app was started with that decide how its sessions are made and signed: its DATA_DIR
 * (where it keeps a generated auth secret), DATABASE_URL, AUTH_SECRET if one was given, and PUBLIC_URL.
 */
export interface AppAuthEnv {
  DATA_DIR: string;
  DATABASE_URL: string;
  PUBLIC_URL: string;
  AUTH_SECRET?: string;
  /** As the app has it (launchApp's default is test). */
  NODE_ENV?: string;
}

/**
 * Makes `count` accounts, each signed in with one session, the way Better Auth's email sign-up makes them, but
 * without 2,000 password hashes: the app's own Better Auth (createAuth over the app's config and database,
 * built here in the test process) creates each user, its credential account and its session through Better
 * Auth's internal adapter, the same calls its sign-up endpoint makes, and the session cookie is signed as
 * Better Auth signs it (the token, a dot, the HMAC-SHA256 of the token under the auth secret, URI-encoded).
 * What differs from a sign-up over HTTP: one password hash (scrypt) is made once and shared by every account
 * (each scrypt costs about 0.1 s of CPU here, 2,000 of them minutes), no verification email is queued, and
 * no sign-up rate limit is met. That the server accepts each session is checked by `checkSessions`.
 * The accounts are the restaurant's regulars, made years ago (REGULARS_SINCE): on one network, accounts under a
 * day old share one reservation a date (docs/decisions/0014), and every guest here books from 127.0.0.1.
 */
export async function makeSignedInGuests(
  env: AppAuthEnv,
  count: number,
  emailOf: (index: number) => string = (index) => `guest${index}@release.example`,
): Promise<ReleaseGuest[]> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env });
  const database = openDatabase(config.database);
  try {
    // This connection only: no sync at each of its 6,000 commits (the server's own connection keeps FULL).
    if (database.dialect === 'sqlite') await sql`pragma synchronous = normal`.execute(database.db);
    const auth = createAuth(config, database, {
      // Only the internal adapter is used: no endpoint runs, so no hook and no email.
      emails: unused<AccountEmails>('emails'),
      adminGrants: createAdminGrants(database.db, config.adminEmail),
      counters: createRateCounters(database),
      keys: createAddressKeys(config.authSecret),
      origins: createOriginPolicy(config),
      logger: createLogger(config),
      now: () => new Date(),
      removeAccountData: () => Promise.reject(new Error('no account is deleted here')),
      forgetAccountAddress: () => Promise.reject(new Error('no account is deleted here')),
    });
    const context = await auth.$context;
    const passwordHash = await context.password.hash(GUEST_PASSWORD);
    const cookieName = context.authCookies.sessionToken.name;

    const makeGuest = async (index: number): Promise<ReleaseGuest> => {
      const email = emailOf(index);
      const user = await context.internalAdapter.createUser(
        { email, name: `Release Guest ${index}`, emailVerified: false },
        { method: 'email-password' }, // as the sign-up endpoint says
      );
      await context.internalAdapter.linkAccount({
        userId: user.id,
        providerId: 'credential',
        accountId: user.id,
        password: passwordHash,
      });
      const session = await context.internalAdapter.createSession(user.id, false, {
        ipAddress: '127.0.0.1',
        userAgent: 'release-night',
      });
      const signed = `${session.token}.${await makeSignature(session.token, context.secret)}`;
      return {
        index,
        email: user.email,
        cookie: `${cookieName}=${encodeURIComponent(signed)}`,
        partySize: partySizeOf(index),
      };
    };
    const guests = await inParallel(count, database.dialect === 'postgres' ? 8 : 1, makeGuest);
    const since = database.dialect === 'sqlite' ? REGULARS_SINCE.toISOString() : REGULARS_SINCE;
    const emails = guests.map((guest) => guest.email);
    await database.db.updateTable('user').set({ createdAt: since }).where('email', 'in', emails).execute();
    return guests;
  } finally {
    await database.close();
  }
}

/** A dependency the caller promises not to use: any use throws. */
function unused<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get: (_target, key) => {
      throw new Error(`${name}.${String(key)} used by the guest factory`);
    },
  });
}

/** Runs `task` for 0..count-1, `width` at a time, results in order. */
async function inParallel<T>(count: number, width: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) results[index] = await task(index);
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
  return results;
}

/**
 * Asks the server who each guest is (GET /api/session): every session must be accepted as its own account. And
 * signs the first guest in with the password, over HTTP, to show the accounts are whole.
 */
export async function checkSessions(url: string, guests: ReleaseGuest[]): Promise<void> {
  const agent = new Agent({ connections: 16 });
  try {
    const refused: string[] = [];
    await inParallel(guests.length, 16, async (i) => {
      const guest = guests[i]!;
      const { statusCode, body } = await request(`${url}/api/session`, {
        dispatcher: agent,
        headers: { cookie: guest.cookie, accept: 'application/json' },
      });
      const answer = (await body.json()) as { user?: { email?: string } | null };
      if (statusCode !== 200 || answer.user?.email !== guest.email) refused.push(`${guest.email}: ${statusCode}`);
    });
    if (refused.length)
      throw new Error(`${refused.length} sessions not accepted, e.g. ${refused.slice(0, 3).join(', ')}`);
    // And the credential account is a working one: the first guest signs in with the password (one scrypt).
    const first = guests[0];
    if (first) {
      const { statusCode, body } = await request(`${url}/api/auth/sign-in/email`, {
        dispatcher: agent,
        method: 'POST',
        headers: { origin: url, 'content-type': 'application/json' },
        body: JSON.stringify({ email: first.email, password: GUEST_PASSWORD }),
      });
      await body.dump();
      if (statusCode !== 200)
        throw new Error(`${first.email} could not sign in with the guests' password: ${statusCode}`);
    }
  } finally {
    await agent.close();
  }
}

/**
 * The date that opened for booking today: the furthest a guest may book (today + the owner's horizon), or the
 * nearest open date before it. It must have no reservation yet.
 */
export async function newlyOpenedDate(databaseUrl: string, timeZone: string): Promise<string> {
  const database = openDatabase(databaseTarget(databaseUrl));
  try {
    const settings = await readSettings(database.db);
    if (!settings) throw new Error('the app has not written its settings yet');
    const today = todayIn(timeZone);
    const window = bookingWindow('guest', today, settings.rules.guestDaysAhead);
    let date = window.last;
    while (dateRefusalReason(date, 'guest', today, calendarOf(settings)) !== null) {
      date = addDays(date, -1);
      if (date < window.first) throw new Error('no open date in the guests’ window');
    }
    const booked = await database.db
      .selectFrom('reservations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('reservationDate', '=', date)
      .executeTakeFirstOrThrow();
    if (Number(booked.count) > 0) throw new Error(`${date} already has reservations`);
    return date;
  } finally {
    await database.close();
  }
}

/** What went wrong with one request, if anything: a 5xx, a timeout, a network error, or an answer out of contract. */
export type Failure = 'server-error' | 'timeout' | 'network' | 'no-message' | 'unexpected';

export interface ReleaseRun {
  guests: number;
  /** Each request's time, from being sent to its whole answer read, in ms. */
  availabilityMs: number[];
  bookingMs: number[];
  /** Every request in the order sent: what, when (ms after the first request), how long, what status (0: none). */
  timeline: { what: 'availability' | 'booking'; atMs: number; ms: number; status: number }[];
  /** Guests with a reservation (201), and guests told no, by how. */
  booked: number;
  /** Availability answered no time (200, `times: []`, no date refusal): the page says no times are left. */
  toldNoTimes: number;
  /** Booking refused (4xx) on the second try, with the server's message. */
  toldByRefusal: number;
  /** Guests whose first booking was refused as taken and who asked again. */
  retried: number;
  /** Codes of every 4xx answered to a booking, with how many. */
  refusalCodes: Record<string, number>;
  /** A 4xx whose body had no message: counted under failures too. */
  failures: Record<Failure, number>;
  failureSamples: string[];
  /** The ids of the reservations the server acknowledged (201). */
  acknowledged: string[];
  /** ms from the first request to the last arrival, and to the last answer any guest had. */
  lastArrivalMs: number;
  lastAnswerMs: number;
  /** How late the load generator sent a guest's first request against its schedule, worst case, in ms. */
  worstArrivalLagMs: number;
}

/** A request as a guest's browser sends it: its session cookie, the page's Origin, JSON. */
interface Answer {
  status: number;
  body: any;
}

/**
 * Release night: `guests` arrive one after another, evenly over `spreadMs`, for `date`. Each loads
 * availability (seat type table, its party size) and books the first time offered with an id of its own, as
 * the page does; on a 409 it asks availability again and books the first time then offered, once. Real HTTP
 * from this process, one connection per guest (as each guest's browser has its own), no client-side queue.
 */
export async function releaseNight(options: {
  url: string;
  guests: ReleaseGuest[];
  date: string;
  spreadMs: number;
  /** A request with no whole answer after this long is a timeout. */
  timeoutMs?: number;
}): Promise<ReleaseRun> {
  const { url, guests, date, spreadMs } = options;
  const timeoutMs = options.timeoutMs ?? 30_000;
  // Each guest's own connection, kept for its requests as a browser keeps one: a guest never waits for a
  // connection another guest opened, nor rides one another guest warmed up. A light client: the generator shares
  // the app's cores (guest-connection.ts).
  const connectionOf = () => guestConnection(url, timeoutMs);
  const run: ReleaseRun = {
    guests: guests.length,
    availabilityMs: [],
    bookingMs: [],
    timeline: [],
    booked: 0,
    toldNoTimes: 0,
    toldByRefusal: 0,
    retried: 0,
    refusalCodes: {},
    failures: { 'server-error': 0, timeout: 0, network: 0, 'no-message': 0, unexpected: 0 },
    failureSamples: [],
    acknowledged: [],
    lastArrivalMs: 0,
    lastAnswerMs: 0,
    worstArrivalLagMs: 0,
  };
  const fail = (kind: Failure, what: string) => {
    run.failures[kind]++;
    if (run.failureSamples.length < 10) run.failureSamples.push(`${kind}: ${what}`);
    return undefined;
  };
  let startedAt = 0;

  /** One request, timed into `times`; undefined when it failed (counted). */
  const send = async (
    connection: GuestConnection,
    times: number[],
    what: 'availability' | 'booking',
    path: string,
    cookie: string,
    body?: unknown,
  ): Promise<Answer | undefined> => {
    const sentAt = performance.now();
    const entry = { what, atMs: sentAt - startedAt, ms: Number.NaN, status: 0 };
    run.timeline.push(entry);
    try {
      const { status: statusCode, text } = await connection.request({
        method: body === undefined ? 'GET' : 'POST',
        path,
        headers: {
          cookie,
          origin: url,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answeredAt = performance.now();
      times.push(answeredAt - sentAt);
      entry.ms = answeredAt - sentAt;
      entry.status = statusCode;
      run.lastAnswerMs = Math.max(run.lastAnswerMs, answeredAt - startedAt);
      let parsed: any = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
      if (statusCode >= 500) return fail('server-error', `${what} ${statusCode} ${text.slice(0, 120)}`);
      return { status: statusCode, body: parsed };
    } catch (error) {
      run.lastAnswerMs = Math.max(run.lastAnswerMs, performance.now() - startedAt);
      const code = (error as { code?: string }).code ?? '';
      if (/TIMEOUT/.test(code)) return fail('timeout', `${what} ${code}`);
      return fail('network', `${what} ${code || (error as Error).message}`);
    }
  };

  const availability = async (connection: GuestConnection, guest: ReleaseGuest): Promise<number[] | undefined> => {
    const path = `/api/availability?date=${date}&partySize=${guest.partySize}&seatType=table`;
    const answer = await send(connection, run.availabilityMs, 'availability', path, guest.cookie);
    if (!answer) return undefined;
    if (answer.status !== 200 || !Array.isArray(answer.body?.times)) {
      return fail(
        answer.status >= 400 && answer.status < 500 && !messageOf(answer) ? 'no-message' : 'unexpected',
        `availability ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`,
      );
    }
    // A date refusal would mean the bench asked for a date that cannot be booked: out of the scenario.
    if (answer.body.refusal) return fail('unexpected', `availability refused the date: ${answer.body.refusal}`);
    return answer.body.times as number[];
  };

  /** 'booked', 'taken' (a 409 with its message), or undefined when the answer broke the contract. */
  const book = async (
    connection: GuestConnection,
    guest: ReleaseGuest,
    startTime: number,
  ): Promise<'booked' | 'refused' | undefined> => {
    const input = {
      id: randomUUID(),
      name: `Release Guest ${guest.index}`,
      phoneNumber: '5550100199',
      reservationDate: date,
      partySize: guest.partySize,
      seatType: 'table',
      startTime,
      reminderEmail: guest.email,
    };
    const answer = await send(connection, run.bookingMs, 'booking', '/api/reservations', guest.cookie, input);
    if (!answer) return undefined;
    if (answer.status === 201 && answer.body?.reservation?.id === input.id) {
      run.acknowledged.push(input.id);
      return 'booked';
    }
    if (answer.status >= 400 && answer.status < 500) {
      const code = String(answer.body?.error?.code ?? answer.status);
      run.refusalCodes[code] = (run.refusalCodes[code] ?? 0) + 1;
      if (!messageOf(answer)) return fail('no-message', `booking ${answer.status} ${JSON.stringify(answer.body)}`);
      return 'refused';
    }
    return fail('unexpected', `booking ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
  };

  const guestArrives = async (guest: ReleaseGuest) => {
    const connection = connectionOf();
    try {
      await guestBooks(connection, guest);
    } finally {
      connection.close();
    }
  };
  const guestBooks = async (connection: GuestConnection, guest: ReleaseGuest) => {
    const first = await availability(connection, guest);
    if (!first) return;
    if (first.length === 0) return void run.toldNoTimes++;
    const tried = await book(connection, guest, first[0]!);
    if (tried === 'booked') return void run.booked++;
    if (tried !== 'refused') return;
    // As the page does on a taken slot: fresh times, and the guest books again (a changed booking, a new id).
    run.retried++;
    const again = await availability(connection, guest);
    if (!again) return;
    if (again.length === 0) return void run.toldNoTimes++;
    const retry = await book(connection, guest, again[0]!);
    if (retry === 'booked') run.booked++;
    else if (retry === 'refused') run.toldByRefusal++;
  };

  const arrivals: Promise<void>[] = [];
  startedAt = performance.now();
  const gap = guests.length > 1 ? spreadMs / (guests.length - 1) : 0;
  for (const [i, guest] of guests.entries()) {
    const due = i * gap;
    const wait = due - (performance.now() - startedAt);
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const at = performance.now() - startedAt;
    run.worstArrivalLagMs = Math.max(run.worstArrivalLagMs, at - due);
    run.lastArrivalMs = at;
    arrivals.push(guestArrives(guest));
  }
  await Promise.all(arrivals);
  return run;
}

const messageOf = (answer: Answer): string => {
  const message: unknown = answer.body?.error?.message;
  return typeof message === 'string' ? message.trim() : '';
};

/** The book of the release date as the database holds it, checked without the app's guard. */
export interface ReleaseBook {
  reservations: number;
  /** Guests at the tables: the sum of the party sizes. */
  guestsSeated: number;
  /** Tables guests may book (reservable floor tables) x the date's seatings. */
  tableSeatings: { exist: number; sold: number; soldMoreThanOnce: number };
  /** The same in seats: each table's seats at each seating it is held. */
  seatSeatings: { exist: number; sold: number };
  /** Reservations on a table guests may not book, or on no table. */
  offTables: number;
  /** Pairs of reservations overlapping in time on a shared table, from the reservations' own rows. */
  overlappingPairs: number;
  /** table_holds rows that do not match the reservations' tables and times (book-integrity's audit). */
  holdMismatches: number;
  engineCheck: string;
  /** Acknowledged bookings missing from the book, and reservations on the date no guest was told of. */
  lostAcknowledged: number;
  unacknowledged: number;
  /** Accounts with more than one reservation on the date. */
  accountsBookedTwice: number;
}

export async function readReleaseBook(databaseUrl: string, date: string, acknowledged: string[]): Promise<ReleaseBook> {
  const audit = await auditBook(databaseUrl);
  const database = openDatabase(databaseTarget(databaseUrl));
  try {
    const settings = await readSettings(database.db);
    const tables = candidateTables(activeTables(await readTables(database.db)), 'table', 'guest');
    const seatings = seatingsOn(date, settings!.hours);
    const owners = await database.db
      .selectFrom('reservations')
      .select(['id', 'userId'])
      .where('reservationDate', '=', date)
      .execute();
    const onDate = audit.reservations.filter((r) => r.reservationDate === date);

    const seatsOf = new Map(tables.map((table) => [table.id, table.numSeats]));
    const sold = new Map<string, number>();
    let offTables = 0;
    for (const reservation of onDate) {
      if (reservation.tableIds.length === 0) offTables++;
      for (const table of reservation.tableIds) {
        if (!seatsOf.has(table)) offTables++;
        for (const seating of seatings) {
          if (seating < reservation.startTime || seating >= reservation.endTime) continue;
          const key = `${table} ${seating}`;
          sold.set(key, (sold.get(key) ?? 0) + 1);
        }
      }
    }
    let seatsSold = 0;
    for (const key of sold.keys()) seatsSold += seatsOf.get(key.split(' ')[0]!) ?? 0;
    const seatsPerSeating = tables.reduce((sum, table) => sum + table.numSeats, 0);

    const ids = new Set(onDate.map((r) => r.id));
    const told = new Set(acknowledged);
    const perAccount = new Map<string, number>();
    for (const { userId } of owners) if (userId) perAccount.set(userId, (perAccount.get(userId) ?? 0) + 1);

    return {
      reservations: onDate.length,
      guestsSeated: onDate.reduce((sum, r) => sum + r.partySize, 0),
      tableSeatings: {
        exist: tables.length * seatings.length,
        sold: sold.size,
        soldMoreThanOnce: [...sold.values()].filter((count) => count > 1).length,
      },
      seatSeatings: { exist: seatsPerSeating * seatings.length, sold: seatsSold },
      offTables,
      overlappingPairs: audit.doubleBookings,
      holdMismatches: audit.holdMismatches,
      engineCheck: audit.engineCheck,
      lostAcknowledged: [...told].filter((id) => !ids.has(id)).length,
      unacknowledged: [...ids].filter((id) => !told.has(id)).length,
      accountsBookedTwice: [...perAccount.values()].filter((count) => count > 1).length,
    };
  } finally {
    await database.close();
  }
}
