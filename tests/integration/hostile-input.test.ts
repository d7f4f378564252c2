import fc from 'fast-check';
import { sql } from 'kysely';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { OWNER, OWNER_ENV } from '../support/owner';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';
import { startTestServer, type TestServer } from '../support/test-server';

// Random and malformed bodies, query strings and ids thrown at every endpoint, as a signed-in guest and as
// the admin. Whatever arrives: never a 5xx, every refusal a 4xx in the one error shape with a message, and
// nothing written. The generators build inputs that are invalid by construction (each breaks at least one
// rule), so a 2xx on a write is itself a failure.

// 100 runs per property keeps the file near 5 s on PostgreSQL; HOSTILE_RUNS=2000 for a longer hunt.
const RUNS = { numRuns: Number(process.env.HOSTILE_RUNS ?? 100) };
const SEATINGS = [1700, 1730, 1800, 1830, 1900, 1930, 2000, 2030];
const TABLE_IDS = ['1', '2', '3', '4', '5', '6', '7', '8', ...Array.from({ length: 12 }, (_, i) => `C${i + 1}`)];

// ---------------------------------------------------------------------------------------------------------
// Generators

/** JSON values that are not strings (for fields that must be strings). */
const notString = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
/** JSON values that are neither numbers nor strings. */
const notNumberOrString = fc.oneof(
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);
/** A string that cannot be trimmed to 100 characters or fewer. */
const tooLong = (limit: number) => fc.string({ maxLength: 40 }).map((tail) => `${'x'.repeat(limit + 1)}${tail}`);
const isoOf = (date: Date) => date.toISOString().slice(0, 10);
/** Text with U+0000 inside: refused everywhere (PostgreSQL text cannot store it). */
const withNul = (prefix: string) =>
  fc.tuple(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 })).map(([a, b]) => `${prefix}${a}\u0000${b}`);

/** For each booking field, values that break its rule whoever books (guest or admin). */
const invalidField = {
  name: fc.oneof(notString, fc.constantFrom('', ' ', 'A', '  B  ', '\t\n'), tooLong(100), withNul('Ann')),
  // Phone numbers are valid with exactly ten digits, whatever the punctuation.
  phoneNumber: fc.oneof(
    notString,
    fc
      .array(fc.constantFrom(...'0123456789-() .+abc'), { maxLength: 25 })
      .map((chars) => chars.join(''))
      .filter((phone) => phone.replace(/\D/g, '').length !== 10),
    withNul('555-010-0199'),
  ),
  reservationDate: fc.oneof(
    notString,
    fc.string({ maxLength: 30 }).filter((text) => !/^\d{4}-\d{2}-\d{2}$/.test(text)),
    fc.constantFrom('2026-02-30', '2026-13-01', '2026-00-10', '2026-11-31', '0000-00-00', '2026-11-30' /* Monday */),
    // Real dates outside anyone's window: before today (2026-11-22) or beyond the admin's two years.
    fc.date({ min: new Date('1970-01-01'), max: new Date('2026-11-21'), noInvalidDate: true }).map(isoOf),
    fc.date({ min: new Date('2028-11-23'), max: new Date('2999-12-31'), noInvalidDate: true }).map(isoOf),
  ),
  // The admin may seat up to 40, so only sizes outside 1..40 are invalid for both.
  partySize: fc.oneof(
    fc.integer({ max: 0 }),
    fc.integer({ min: 41 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n) || n < 1 || n > 40),
    notNumberOrString,
    fc.string({ maxLength: 10 }).filter((text) => {
      const n = Number(text);
      return !(Number.isInteger(n) && n >= 1 && n <= 40);
    }),
  ),
  startTime: fc.oneof(
    fc.integer().filter((n) => !SEATINGS.includes(n)),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
    fc.string({ maxLength: 6 }),
    notNumberOrString,
  ),
  reminderEmail: fc.oneof(
    notString,
    fc.string({ maxLength: 30 }).filter((text) => !text.includes('@')),
    fc.constantFrom('ann@', '@example.com', 'ann@@example.com', 'ann example@example.com'),
    tooLong(254).map((text) => `${text}@example.com`),
  ),
  seatType: fc.oneof(
    fc.string({ maxLength: 10 }).filter((text) => text !== 'table' && text !== 'counter'),
    fc.constantFrom('Table', 'COUNTER', ' table'),
    notNumberOrString,
    fc.integer(),
  ),
  specialRequests: fc.oneof(fc.integer(), fc.boolean(), notNumberOrString, tooLong(500), withNul('Window')),
  // Explicit tables: a guest may send none at all (403), the admin only real, distinct ones.
  tableIds: fc.oneof(
    fc.constant([]),
    fc.string({ maxLength: 5 }),
    fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
    fc.uniqueArray(
      fc.string({ minLength: 1, maxLength: 10 }).filter((id) => !TABLE_IDS.includes(id)),
      { minLength: 1, maxLength: 3 },
    ),
    fc.constantFrom(
      ['1', '1'],
      Array.from({ length: 21 }, (_, i) => String(i)),
    ),
  ),
};
type Field = keyof typeof invalidField;
const FIELDS = Object.keys(invalidField) as Field[];
const REQUIRED: Field[] = ['name', 'phoneNumber', 'reservationDate', 'partySize', 'startTime', 'reminderEmail'];

/** Extra keys a tamperer might add; the API must ignore them (they never make a body valid). */
const junkKeys = fc.dictionary(
  fc.constantFrom('email', 'id', 'createdAt', 'role', 'isAdmin', 'constructor', 'x'),
  fc.jsonValue({ maxDepth: 1 }),
  { maxKeys: 3 },
);

/** A valid booking with one field broken (or a required one missing), plus junk keys. */
const brokenBooking = fc.oneof(
  fc
    .constantFrom(...FIELDS)
    .chain((field) => fc.tuple(fc.constant(field), invalidField[field], junkKeys))
    .map(([field, value, junk]) => ({ ...junk, ...bookingBody(), [field]: value })),
  fc.tuple(fc.constantFrom(...REQUIRED), junkKeys).map(([field, junk]) => {
    const body: Record<string, unknown> = { ...junk, ...bookingBody() };
    delete body[field];
    return body;
  }),
);

/** A partial update with at least one field broken. */
const brokenUpdate = fc
  .uniqueArray(fc.constantFrom(...FIELDS), { minLength: 1, maxLength: 3 })
  .chain((fields) => fc.tuple(...fields.map((field) => invalidField[field].map((value) => [field, value] as const))))
  .map((entries) => Object.fromEntries(entries));

/** JSON that is not an object at all. */
const notAnObject = fc.oneof(
  fc.integer(),
  fc.string(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
);

/**
 * Bytes that are not JSON (or not one complete JSON value), and a few valid-JSON oddities that no endpoint
 * accepts (none carries a field an endpoint would take: update-user, for one, takes any text name).
 */
const validJson = JSON.stringify(bookingBody());
const malformedJson = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }).filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  }),
  // A valid booking cut short, or followed by garbage.
  fc.integer({ min: 0, max: validJson.length - 1 }).map((end) => validJson.slice(0, end)),
  fc.string({ minLength: 1, maxLength: 10 }).map((tail) => `${validJson}}${tail}`),
  fc.constantFrom(
    '{"__proto__":{"tableIds":["7"]},"name":1}',
    '{"constructor":{"prototype":{"isAdmin":true}},"partySize":0}',
    '\u0000',
    '{"phoneNumber":"\\ud800"}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `{"specialRequests":"${'x'.repeat(1_000_000)}"}`,
  ),
);

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8'];
const OTHER_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined];

/** A request body as raw text with its content type. */
interface RawBody {
  text: string;
  contentType: string | undefined;
}
const asJson = (value: unknown) =>
  fc.constantFrom(...JSON_TYPES).map((contentType) => ({ text: JSON.stringify(value), contentType }));
const jsonBody = (values: fc.Arbitrary<unknown>): fc.Arbitrary<RawBody> => values.chain(asJson);
const garbageBody = (types: (string | undefined)[]): fc.Arbitrary<RawBody> =>
  fc.tuple(malformedJson, fc.constantFrom(...types)).map(([text, contentType]) => ({ text, contentType }));

/** Path segments: random text (encoded as a browser would) and raw, badly encoded ones. */
const hostileId = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }).map(encodeURIComponent),
  fc.string({ minLength: 101, maxLength: 200 }).map(encodeURIComponent),
  fc.constantFrom('%', '%ZZ', '%E0%A4%A', '%00', '%2F', '%2e%2e', 'mine%00', '%F0%9F%98%80', '..%2F..%2Fetc', ''),
);

/** Query strings with the endpoints' own keys and random ones, random and badly encoded values. */
const hostileQuery = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom('date', 'partySize', 'seatType', 'startTime', 'excludeId'),
        fc.string({ maxLength: 8 }).map(encodeURIComponent),
      ),
      fc.oneof(
        fc.string({ unit: 'binary', maxLength: 30 }).map(encodeURIComponent),
        fc.constantFrom('%', '%ZZ', '%00', '2026-11-25', '1700', '-1', '1e9', 'NaN', 'counter', 'table', ''),
        fc.integer().map(String),
        fc.string({ minLength: 200, maxLength: 300 }).map(encodeURIComponent),
      ),
    ),
    { maxLength: 5 },
  )
  .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));

const GUEST_ADDRESS = '127.0.0.31';
const ADMIN_ADDRESS = '127.0.0.32';
const role = fc.constantFrom('guest' as const, 'admin' as const);

// ---------------------------------------------------------------------------------------------------------

interface Answer {
  status: number;
  contentType: string;
  text: string;
  json: any;
}

describe('hostile input: random and malformed requests', () => {
  let server: TestServer;
  const clients = {} as Record<'guest' | 'admin', TestClient>;
  let ownId: string;

  beforeAll(async () => {
    server = await startTestServer({
      env: OWNER_ENV,
      now: () => FIXED_NOW,
    });
    clients.guest = new TestClient(server.url, {}, GUEST_ADDRESS);
    clients.admin = new TestClient(server.url, {}, ADMIN_ADDRESS);
    expect((await clients.guest.signUp('ann@example.com', 'ann-password-1')).status).toBe(200);
    expect((await clients.admin.signIn(OWNER.email, OWNER.password)).status).toBe(200);
    const booked = await clients.guest.api.reservations.$post({ json: bookingBody() });
    expect(booked.status).toBe(201);
    ownId = booked.body.reservation.id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Everything a request could write: bookings, holds, accounts, passwords, pending email actions. */
  async function stored(): Promise<string> {
    const db = server.database.db;
    const rows = await Promise.all([
      db.selectFrom('reservations').selectAll().orderBy('id').execute(),
      db
        .selectFrom('table_holds')
        .selectAll()
        .orderBy('reservationId')
        .orderBy('tableId')
        .orderBy('blockStart')
        .execute(),
      db.selectFrom('user').select(['id', 'email', 'emailVerified', 'name', 'image']).orderBy('id').execute(),
      db.selectFrom('email_action_codes').select(['code', 'usedAt']).orderBy('code').execute(),
      sql`select "id", "userId", "providerId", "password" from "account" order by "id"`.execute(db),
      sql`select "identifier", "value" from "verification" order by "id"`.execute(db),
    ]);
    return JSON.stringify(rows);
  }

  /**
   * Sends exactly these bytes (the typed api and the cookie-jar client would re-encode them as JSON), on a
   * connection of its own: the server may close a connection after refusing a large body unread, and that must
   * not be blamed on the next request.
   */
  async function send(who: 'guest' | 'admin', method: string, path: string, body?: RawBody): Promise<Answer> {
    const connection = new Agent({ localAddress: who === 'guest' ? GUEST_ADDRESS : ADMIN_ADDRESS });
    try {
      return await sendOn(connection, who, method, path, body);
    } finally {
      await connection.destroy();
    }
  }

  async function sendOn(connection: Agent, who: 'guest' | 'admin', method: string, path: string, body?: RawBody) {
    const controller = new AbortController();
    const response = await fetch(`${server.url}${path}`, {
      method,
      dispatcher: connection,
      signal: controller.signal,
      headers: {
        origin: server.url,
        cookie: clients[who].cookieHeader(),
        ...(body?.contentType ? { 'content-type': body.contentType } : {}),
      },
      body: body?.text,
    });
    const contentType = response.headers.get('content-type') ?? '';
    if (contentType.startsWith('text/event-stream')) {
      // A query that happens to be valid opens the admin's live view: hang up at once.
      controller.abort();
      return { status: response.status, contentType, text: '', json: undefined };
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, contentType, text, json } satisfies Answer;
  }

  /** A refusal as our API makes them: 4xx, JSON, `{ error: { message, code } }` with words in both. */
  function expectRefusal(answer: Answer) {
    expect(answer.status, answer.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.json).toEqual({ error: { message: expect.stringMatching(/\S/), code: expect.stringMatching(/\S/) } });
  }

  /** A read may succeed (a random query can be valid), but never with a 5xx, and a refusal is well formed. */
  function expectReadAnswer(answer: Answer) {
    if (answer.status >= 400) return expectRefusal(answer);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toMatch(/^(application\/json|text\/event-stream)/);
  }

  /** Runs `request` and checks that the database is exactly as before. */
  async function writesNothing(request: () => Promise<void>) {
    const before = await stored();
    await request();
    expect(await stored()).toBe(before);
  }

  it('refuses every broken booking, as JSON or as garbage, and books nothing', async () => {
    const body = fc.oneof(
      jsonBody(brokenBooking),
      jsonBody(notAnObject),
      jsonBody(fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 })),
      garbageBody([...JSON_TYPES, ...OTHER_TYPES]),
      // A valid booking sent as something other than JSON is not read as one.
      fc.constantFrom(...OTHER_TYPES).map((contentType) => ({ text: validJson, contentType })),
    );
    await fc.assert(
      fc.asyncProperty(role, body, async (who, raw) =>
        writesNothing(async () => expectRefusal(await send(who, 'POST', '/api/reservations', raw))),
      ),
      RUNS,
    );
  });

  it('refuses every broken edit of an existing reservation, and changes nothing', async () => {
    // Only JSON content types here: a body of another type is not read, which makes an empty (valid) edit.
    const body = fc.oneof(jsonBody(brokenUpdate), jsonBody(notAnObject), garbageBody(JSON_TYPES));
    await fc.assert(
      fc.asyncProperty(role, body, async (who, raw) =>
        writesNothing(async () => expectRefusal(await send(who, 'PATCH', `/api/reservations/${ownId}`, raw))),
      ),
      RUNS,
    );
  });

  it('answers random and badly encoded reservation ids without a 5xx, and writes nothing', async () => {
    const validEdit = { text: JSON.stringify({ name: 'Renamed Guest' }), contentType: 'application/json' };
    await fc.assert(
      fc.asyncProperty(role, hostileId, fc.constantFrom('GET', 'PATCH', 'DELETE'), async (who, id, method) =>
        writesNothing(async () => {
          const answer = await send(who, method, `/api/reservations/${id}`, method === 'PATCH' ? validEdit : undefined);
          // A GET may land on /mine, /all or /stream; a write never finds anything to change.
          if (method === 'GET') expectReadAnswer(answer);
          else expectRefusal(answer);
        }),
      ),
      RUNS,
    );
  });

  it('answers random query strings on every read endpoint without a 5xx, and writes nothing', async () => {
    const endpoint = fc.constantFrom(
      '/api/availability',
      '/api/tables/available',
      '/api/tables',
      '/api/reservations',
      '/api/reservations/mine',
      '/api/reservations/all',
      '/api/reservations/stream',
      '/api/session',
      '/api/health',
    );
    await fc.assert(
      fc.asyncProperty(role, endpoint, hostileQuery, async (who, path, query) =>
        writesNothing(async () => expectReadAnswer(await send(who, 'GET', `${path}?${query}`))),
      ),
      RUNS,
    );
  });

  it('refuses broken email-action and password requests, and changes no account', async () => {
    const emailAction = fc.oneof(
      jsonBody(notAnObject),
      garbageBody([...JSON_TYPES, ...OTHER_TYPES]),
      // Any mode with a code nobody issued.
      jsonBody(
        fc.record({
          mode: fc.oneof(fc.constantFrom('verifyEmail', 'recoverEmail', 'resetPassword'), fc.string(), notString),
          oobCode: fc.oneof(fc.string({ maxLength: 250 }), notString, withNul('code')),
        }),
      ),
    );
    // A new password must be a string of 8 to 128 characters; these are not.
    const password = fc.oneof(
      jsonBody(notAnObject),
      garbageBody([...JSON_TYPES, ...OTHER_TYPES]),
      jsonBody(
        fc.record({
          newPassword: fc.oneof(fc.string({ maxLength: 7 }), fc.string({ minLength: 129, maxLength: 400 }), notString),
        }),
      ),
    );
    const request = fc.oneof(
      emailAction.map((raw) => ['/api/account/email-action', raw] as const),
      password.map((raw) => ['/api/account/password', raw] as const),
    );
    await fc.assert(
      fc.asyncProperty(role, request, async (who, [path, raw]) =>
        writesNothing(async () => expectRefusal(await send(who, 'POST', path, raw))),
      ),
      RUNS,
    );
  });

  it("survives garbage sent to Better Auth's endpoints: no 5xx, a message on every refusal, nothing written", async () => {
    // Better Auth answers in its own shape, `{ message, code }`, which the client's auth calls read.
    // (Only "no 5xx" and "a message" here: Better Auth's 415 and 429 are refusals too.)
    const endpoint = fc.constantFrom(
      '/api/auth/sign-in/email',
      '/api/auth/sign-up/email',
      '/api/auth/request-password-reset',
      '/api/auth/reset-password',
      '/api/auth/send-verification-email',
      '/api/auth/change-email',
      '/api/auth/change-password',
      '/api/auth/update-user',
      '/api/auth/sign-in/social',
    );
    // Bodies every endpoint above would take, but for the U+0000 in a string (the guard's rule): without
    // the guard these signed up, renamed, changed passwords, or answered 500 on PostgreSQL.
    const almostValid = fc.record({
      email: fc.constantFrom('ann@example.com', 'new.account@example.com'),
      password: fc.constant('a-good-password-1'),
      currentPassword: fc.constant('ann-password-1'),
      newPassword: fc.constant('another-password-1'),
      newEmail: fc.constant('new.address@example.com'),
      provider: fc.constant('google'),
      name: withNul('Ann'),
      token: withNul('token'),
    });
    const body = fc.oneof(
      jsonBody(notAnObject),
      garbageBody([...JSON_TYPES, ...OTHER_TYPES]),
      jsonBody(almostValid),
      // A profile name that is not text: update-user stored a number as "1", and answered 500 to null.
      jsonBody(fc.record({ name: notString })),
    );
    await fc.assert(
      fc.asyncProperty(role, endpoint, body, async (who, path, raw) =>
        writesNothing(async () => {
          const answer = await send(who, 'POST', path, raw);
          expect(answer.status, answer.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
          expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
          // Better Auth's own refusals, or ours (the U+0000 guard runs before Better Auth).
          expect(answer.json?.message ?? answer.json?.error?.message).toMatch(/\S/);
        }),
      ),
      RUNS,
    );
  });

  it('the guard held: the one real booking is untouched and both callers are still signed in', async () => {
    // Shows the properties above ran against a live book and live sessions, not an empty or signed-out one.
    const mine = await clients.guest.api.reservations[':id'].$get({ param: { id: ownId } });
    expect(mine.body.reservation).toMatchObject({ name: 'Ann Guest', reservationDate: '2026-11-24', startTime: 1700 });
    expect(await clients.admin.session()).toMatchObject({ isAdmin: true });
    expect((await clients.admin.api.reservations.all.$get()).body.reservations).toHaveLength(1);
  });
});
