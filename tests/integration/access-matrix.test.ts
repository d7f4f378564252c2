import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../../src/booking/calendar';
import { TestClient } from '../support/http-client';
import { actionLinkOf, waitForEmail } from '../support/outbox';
import { OWNER } from '../support/owner';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';
import { NO_FAIR_USE_LIMITS, startTestServer, type TestServer } from '../support/test-server';

// Every endpoint x every kind of caller, as one table: the status each caller gets, and that no answer
// carries another guest's data. The admin is the verified account with ADMIN_EMAIL; before it verifies,
// the very same account is "an unverified sign-up with the admin's address" and must get no admin rights.
// One database cannot hold two accounts with one email, so that column is asked first, then the owner verifies
// the address through its emailed link, chooses the admin password there, and signs in again (README, "Make
// yourself admin"); that session answers the admin column. Guest A moved to a new address before the matrix
// is asked, and a newcomer signed up with A's former one: a stranger to A's bookings, like guest B (issue 19).

/** Guest A's address when A signed up and booked; A has moved to a new one since, and a newcomer holds this. */
const A_FORMER_EMAIL = 'ann@example.com';
const CALLERS = ['anonymous', 'guestA', 'guestB', 'newcomer', 'unverifiedAdminEmail', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
type Statuses = [
  anonymous: number,
  guestA: number,
  guestB: number,
  newcomer: number,
  unverifiedAdminEmail: number,
  admin: number,
];

/** What each guest typed into their bookings: none of it may reach another guest. */
const GUESTS = {
  guestA: {
    email: 'ann.moved@example.com',
    name: 'Annabel Quill',
    phone: '555-867-5309',
    reminder: 'annabel.q@example.net',
  },
  guestB: {
    email: 'bob@example.com',
    name: 'Bartholomew Finch',
    phone: '555-222-3344',
    reminder: 'bart.f@example.net',
  },
  // Signed up with guest A's former address, after A moved.
  newcomer: { email: A_FORMER_EMAIL, name: 'Nora Newcomer', phone: '555-444-1212', reminder: 'nora.n@example.net' },
  // The admin-email account books too (as a guest while unverified).
  unverifiedAdminEmail: {
    email: OWNER.email,
    name: 'Olive Owner',
    phone: '555-777-8899',
    reminder: 'olive.o@example.net',
  },
};
type Guest = keyof typeof GUESTS;
const PASSWORDS: Record<Guest, string> = {
  guestA: 'ann-password-1',
  guestB: 'bob-password-1',
  newcomer: 'nora-password-1',
  unverifiedAdminEmail: OWNER.password,
};
const secretsOf = (guest: Guest) => {
  const { email, name, phone, reminder } = GUESTS[guest];
  return [email, name, phone.replace(/\D/g, ''), reminder];
};
/** The account whose data a caller legitimately owns (the admin is the former unverified account). */
const ownerOf = (caller: Caller): Guest | undefined =>
  caller === 'anonymous' ? undefined : caller === 'admin' ? 'unverifiedAdminEmail' : caller;

// Placeholders in the matrix's paths, filled in when a cell is asked.
const A_RESERVATION = '{A reservation of guest A}';
const NEW_A_RESERVATION = '{a new reservation of guest A}';
const MISSING = '{an id nobody has}';
const CLOSURE = '{a closed date of the first start}';
/** A seat block's id (a plain one: blocks are written straight into the book for the matrix). */
const A_BLOCK = 'matrix-block';

/** A date the restaurant's first-start config closes (the owner's settings' closures start with it). */
const CLOSED_AT_FIRST_START = '2027-03-03';
/** The owner's settings' rows before anyone changed them: a refused change leaves them so. */
const FIRST_SETTINGS_VERSION = 1;

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  expected: Statuses;
  /** Tells apart two rows of one method and path (their bodies differ). */
  variant?: string;
  body?: (caller: Caller) => unknown;
  /** The content type of a success, when it is not JSON (or an event stream). */
  contentType?: RegExp;
  /** Further checks of one cell's answer (beyond the status and the no-leak rule). */
  check?: (caller: Caller, answer: Answer, target: string | undefined) => Promise<void> | void;
}

interface Answer {
  status: number;
  body: any;
  /** The raw body, for the leak check. */
  text: string;
  contentType: string;
}

// Open days from Tuesday 2026-11-24 (the first day a guest may book under FIXED_NOW), one per booking, so
// that bookings never compete for a table.
let nextDay = '2026-11-24';
function openDay(): string {
  while (weekdayOf(nextDay) === 1) nextDay = addDays(nextDay, 1);
  const day = nextDay;
  nextDay = addDays(nextDay, 1);
  return day;
}

const bookingOf = (guest: Guest) => {
  const { name, phone, reminder } = GUESTS[guest];
  return bookingBody({ name, phoneNumber: phone, reminderEmail: reminder, reservationDate: openDay() });
};

/**
 * The one error shape. A settings change refused for the reservations it would touch lists them too (ErrorBody's
 * `reservations`); no other refusal carries anything more.
 */
const isErrorShape = (body: unknown) => {
  const listed = (body as { error?: { code?: string; reservations?: unknown } }).error;
  if (listed?.reservations !== undefined) {
    expect(['strands_reservations', 'needs_confirmation']).toContain(listed.code);
    expect(body).toEqual({
      error: { message: expect.stringMatching(/\S/), code: listed.code, reservations: expect.any(Array) },
    });
    return;
  }
  expect(body).toEqual({ error: { message: expect.stringMatching(/\S/), code: expect.stringMatching(/\S/) } });
};

describe('access matrix: every endpoint x every kind of caller', () => {
  let server: TestServer;
  const clients = {} as Record<Caller, TestClient>;
  let annsReservation: { id: string; reservationDate: string };
  /** A booking of guest B's that only the admin may cancel in a group. */
  let bobsGroupBooking: { id: string };

  const annBooks = async () => {
    const response = await clients.guestA.api.reservations.$post({ json: bookingOf('guestA') });
    expect(response.status).toBe(201);
    return response.body.reservation;
  };
  const storedReservation = (id: string) =>
    server.database.db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirst();
  /** The owner's settings' version in the database: it goes up with every change, and only then. */
  const settingsVersion = async () =>
    Number(
      (await server.database.db.selectFrom('restaurant_settings').select('version').executeTakeFirstOrThrow()).version,
    );
  /** A refused settings change wrote nothing: before the admin's column, the settings are as on the first start. */
  const unchangedUnlessAdmin = async (caller: Caller) => {
    if (caller !== 'admin') expect(await settingsVersion()).toBe(FIRST_SETTINGS_VERSION);
  };
  const storedTable = (id: string) =>
    server.database.db.selectFrom('tables').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    // The shipped restaurant with one closed date, for the row that reopens it.
    const restaurantConfig = join(mkdtempSync(join(tmpdir(), 'access-matrix-')), 'restaurant.json');
    const shipped = JSON.parse(readFileSync('config/restaurant.json', 'utf8')) as object;
    writeFileSync(restaurantConfig, JSON.stringify({ ...shipped, closedDates: [CLOSED_AT_FIRST_START] }));
    // Guest A books once per row here; the fair-use limits have tests of their own.
    server = await startTestServer({
      env: { ADMIN_EMAIL: OWNER.email, RESTAURANT_CONFIG: restaurantConfig, ...NO_FAIR_USE_LIMITS },
      now: () => FIXED_NOW,
    });
    // Each caller connects from its own address: sign-up rate limits are per client address.
    CALLERS.forEach((caller, i) => (clients[caller] = new TestClient(server.url, {}, `127.0.0.${20 + i}`)));
    for (const guest of ['guestB', 'unverifiedAdminEmail'] as const)
      expect((await clients[guest].signUp(GUESTS[guest].email, PASSWORDS[guest])).status).toBe(200);
    // Guest A signs up and books at the former address, then moves to the new one and confirms it.
    expect((await clients.guestA.signUp(A_FORMER_EMAIL, PASSWORDS.guestA)).status).toBe(200);
    // "admin" is the same account, asked after it has verified its address (see the top of this file).
    clients.admin = clients.unverifiedAdminEmail;
    annsReservation = await annBooks();
    expect((await clients.guestA.post('/api/auth/change-email', { newEmail: GUESTS.guestA.email })).status).toBe(200);
    const confirm = actionLinkOf(
      await waitForEmail(server.config.mail.outboxDir, GUESTS.guestA.email, /Confirm your email/),
    );
    expect((await clients.anonymous.api.account['email-action'].$post({ json: confirm })).status).toBe(200);
    expect(await clients.guestA.session()).toMatchObject({ email: GUESTS.guestA.email });
    // The newcomer takes the address A left, and books too.
    expect((await clients.newcomer.signUp(A_FORMER_EMAIL, PASSWORDS.newcomer)).status).toBe(200);
    // Bob and the owner have bookings too, so "only their own" in the lists is not vacuous.
    for (const guest of ['newcomer', 'guestB', 'unverifiedAdminEmail'] as const)
      expect((await clients[guest].api.reservations.$post({ json: bookingOf(guest) })).status).toBe(201);
    const bobs = await clients.guestB.api.reservations.$post({ json: bookingOf('guestB') });
    expect(bobs.status).toBe(201);
    bobsGroupBooking = bobs.body.reservation;
    // A seat block of the owner's, for the rows that read and remove one.
    await server.database.db
      .insertInto('seat_blocks')
      .values({
        id: A_BLOCK,
        tableIds: '["C11"]',
        firstDate: '2026-12-20',
        lastDate: '2026-12-20',
        startTime: 0,
        endTime: 2400,
        note: 'held for regulars',
        createdAt: FIXED_NOW.toISOString(),
        createdBy: OWNER.email,
      })
      .execute();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const ownEmail = (caller: Caller) => GUESTS[ownerOf(caller)!].email;
  const availability = '/api/availability?date=2026-11-25&partySize=2&seatType=table';

  // prettier-ignore
  const MATRIX: Row[] = [
    // Columns: anonymous, guest A, guest B, the newcomer at A's former address, the unverified admin-email
    // account, the admin.
    //                                                                               anon A    B    new  unv. admin
    { method: 'GET', path: '/api/health',                                 expected: [200, 200, 200, 200, 200, 200] },
    { method: 'GET', path: '/api/session',                                expected: [200, 200, 200, 200, 200, 200],
      check: (caller, { body }) => {
        if (caller === 'anonymous') return expect(body).toEqual({ user: null });
        expect(body.user).toMatchObject({
          email: ownEmail(caller),
          // Guest A confirmed its new address; the admin confirmed the admin address.
          emailVerified: caller === 'admin' || caller === 'guestA',
          isAdmin: caller === 'admin',
        });
      } },
    { method: 'POST', path: '/api/account/email-action',                  expected: [400, 400, 400, 400, 400, 400],
      body: () => ({ mode: 'verifyEmail', oobCode: 'made-up-code' }) },
    { method: 'POST', path: '/api/account/reset-link',                   expected: [200, 200, 200, 200, 200, 200],
      // Anyone with a link may ask whether it still works; a made-up one does not.
      body: () => ({ token: 'made-up-token' }),
      check: (_caller, { body }) => expect(body).toEqual({ usable: false }) },
    { method: 'POST', path: '/api/account/password',                      expected: [401, 200, 200, 200, 200, 200],
      // The same password again: the endpoint works for a fresh session, and nobody's password changes.
      body: (caller) => ({ newPassword: PASSWORDS[ownerOf(caller) ?? 'guestA'] }) },
    { method: 'GET', path: availability,                                  expected: [401, 200, 200, 200, 200, 200],
      check: (caller, { body }) => {
        if (caller !== 'anonymous') expect(Object.keys(body).sort()).toEqual(['date', 'times']);
      } },
    { method: 'GET', path: '/api/tables',                                 expected: [401, 403, 403, 403, 403, 200] },
    { method: 'GET', path: '/api/tables/available?date=2026-11-25&startTime=1700&seatType=table',
                                                                          expected: [401, 403, 403, 403, 403, 200] },
    { method: 'POST', path: '/api/reservations',                          expected: [401, 201, 201, 201, 201, 201],
      body: (caller) => bookingOf(ownerOf(caller) ?? 'guestA'),
      check: (caller, { status, body }) => {
        // A booking is always under the caller's own account email, whatever the body says.
        if (status === 201) expect(body.reservation.email).toBe(ownEmail(caller));
      } },
    { method: 'GET', path: '/api/reservations/mine',                      expected: [401, 200, 200, 200, 200, 200],
      check: (caller, { body }) => {
        if (caller === 'anonymous') return;
        const emails = (body.reservations as { email: string }[]).map((r) => r.email);
        expect(emails.length).toBeGreaterThan(0);
        expect(new Set(emails)).toEqual(new Set([ownEmail(caller)]));
      } },
    { method: 'GET', path: '/api/reservations/all',                       expected: [401, 403, 403, 403, 403, 200],
      check: (caller, { body }) => {
        if (caller !== 'admin') return;
        const emails = new Set((body.reservations as { email: string }[]).map((r) => r.email));
        expect(emails).toEqual(new Set(Object.values(GUESTS).map((guest) => guest.email)));
      } },
    { method: 'GET', path: '/api/reservations?date=2026-11-24',           expected: [401, 403, 403, 403, 403, 200],
      check: (caller, { body }) => {
        if (caller === 'admin') expect(body.reservations.map((r: { id: string }) => r.id)).toContain(annsReservation.id);
      } },
    { method: 'GET', path: '/api/reservations/stream?date=2026-11-24',    expected: [401, 403, 403, 403, 403, 200],
      check: (caller, answer) => {
        // The admin's live view: an event stream whose first snapshot holds the day's bookings.
        if (caller === 'admin') {
          expect(answer.contentType).toMatch(/^text\/event-stream/);
          expect(answer.text).toContain(GUESTS.guestA.name);
        }
      } },
    { method: 'GET', path: '/api/reservations/export',                    expected: [401, 403, 403, 403, 403, 200],
      contentType: /^text\/csv; charset=utf-8$/,
      check: (caller, { text }) => {
        // The owner's download holds every guest's reservations.
        if (caller === 'admin') for (const guest of Object.values(GUESTS)) expect(text).toContain(guest.name);
      } },
    { method: 'GET', path: '/api/backups/status',                         expected: [401, 403, 403, 403, 403, 200],
      check: (caller, { body }) => {
        if (caller === 'admin') expect(['sqlite', 'postgres']).toContain(body.database);
      } },
    { method: 'GET', path: '/api/reservations/by-network?date=2026-11-24', expected: [401, 403, 403, 403, 403, 200],
      check: (caller, { body }) => {
        // The owner's view of a night by network: guest A's booking of that date, from A's address.
        if (caller === 'admin')
          expect(body.groups.flatMap((g: { bookings: { reservation: { id: string } }[] }) => g.bookings.map((b) => b.reservation.id)))
            .toContain(annsReservation.id);
      } },
    { method: 'POST', path: '/api/reservations/cancel-many',             expected: [401, 403, 403, 403, 403, 200],
      body: () => ({ ids: [bobsGroupBooking.id] }),
      check: async (caller) => {
        // Only the admin's group cancel removed it.
        expect(await storedReservation(bobsGroupBooking.id)).toEqual(caller === 'admin' ? undefined : expect.anything());
      } },
    // The host's mark, sent as the status the party already has (a resend's answer): only the admin gets past the
    // guard, to a party still Booked; the guest's own view of it carries no status.
    { method: 'POST', path: `/api/reservations/${A_RESERVATION}/service`,  expected: [401, 403, 403, 403, 403, 200],
      body: () => ({ from: 'booked', to: 'booked' }),
      check: (caller, { body }) => {
        if (caller === 'admin') expect(body.reservation.service).toEqual({ status: 'booked', since: null, undoTo: null, freedFrom: null, walkIn: false });
      } },
    // A walk-in, seated by the host: only the admin seats one (the others leave no walk-in in the book).
    { method: 'POST', path: '/api/walk-ins',                              expected: [401, 403, 403, 403, 403, 201],
      body: () => ({ partySize: 2, name: 'Walked In' }),
      check: async (caller, { body }) => {
        const walkIns = await server.database.db.selectFrom('reservations').select('id').where('source', '=', 'walk-in').execute();
        expect(walkIns).toHaveLength(caller === 'admin' ? 1 : 0);
        if (caller === 'admin') expect(body.reservation.service).toMatchObject({ status: 'seated', walkIn: true });
      } },
    // Blocked seats: the day's, a new one, and one removed; only the admin's requests reach the book.
    { method: 'GET', path: '/api/blocks?date=2026-12-20',                 expected: [401, 403, 403, 403, 403, 200],
      check: (caller, { body }) => {
        if (caller === 'admin') expect(body.blocks.map((b: { id: string }) => b.id)).toEqual([A_BLOCK]);
      } },
    { method: 'POST', path: '/api/blocks',                                expected: [401, 403, 403, 403, 403, 201],
      body: () => ({ tableIds: ['C12'], firstDate: '2026-12-21', note: 'matrix' }),
      check: async (caller) => {
        const made = await server.database.db.selectFrom('seat_blocks').select('id').where('note', '=', 'matrix').execute();
        expect(made).toHaveLength(caller === 'admin' ? 1 : 0);
      } },
    { method: 'DELETE', path: `/api/blocks/${A_BLOCK}`,                   expected: [401, 403, 403, 403, 403, 200],
      check: async (caller) => {
        const left = await server.database.db.selectFrom('seat_blocks').select('id').where('id', '=', A_BLOCK).execute();
        expect(left).toHaveLength(caller === 'admin' ? 0 : 1);
      } },
    { method: 'GET', path: `/api/reservations/${A_RESERVATION}/history`,  expected: [401, 403, 403, 403, 403, 200],
      check: (caller, { body }) => {
        if (caller === 'admin') expect(body.history[0]).toMatchObject({ action: 'created', by: 'guest', role: 'guest' });
      } },
    { method: 'GET', path: `/api/reservations/${A_RESERVATION}`,          expected: [401, 200, 404, 404, 404, 200],
      check: (caller, { body }) => {
        if (caller === 'guestA') expect(body.reservation).not.toHaveProperty('service');
      } },
    { method: 'PATCH', path: `/api/reservations/${A_RESERVATION}`,        expected: [401, 200, 404, 404, 404, 200],
      body: (caller) => ({ specialRequests: `set by ${caller}` }),
      check: async (caller, { status }, target) => {
        // A refused edit changed nothing.
        if (status === 404) expect((await storedReservation(target!))?.specialRequests).not.toBe(`set by ${caller}`);
      } },
    { method: 'DELETE', path: `/api/reservations/${NEW_A_RESERVATION}`,   expected: [401, 200, 404, 404, 404, 200],
      check: async (_caller, { status }, target) => {
        // A refused cancel left the booking in place; an allowed one removed it.
        expect(await storedReservation(target!)).toEqual(status === 200 ? undefined : expect.anything());
      } },
    { method: 'GET', path: `/api/reservations/${MISSING}`,                expected: [401, 404, 404, 404, 404, 404] },
    { method: 'GET', path: '/api/no-such-endpoint',                       expected: [404, 404, 404, 404, 404, 404] },
    // The owner's settings (issue 16): the admin's alone. A refused change writes nothing (the version stays).
    { method: 'GET', path: '/api/settings',                               expected: [401, 403, 403, 403, 403, 200],
      check: (caller, { body }) => {
        if (caller === 'admin')
          expect(Object.keys(body).sort()).toEqual(['closures', 'details', 'history', 'hours', 'rules', 'tables', 'trustedNetworks', 'version']);
      } },
    { method: 'PUT', path: '/api/settings/details',                       expected: [401, 403, 403, 403, 403, 200],
      body: () => ({ name: 'Umi by the Harbor', phone: '(555) 010-0199', address: '1 Pier Road', links: [] }),
      check: async (caller) => {
        await unchangedUnlessAdmin(caller);
        if (caller === 'admin')
          expect((await clients.anonymous.get('/api/public-config')).body.restaurantName).toBe('Umi by the Harbor');
      } },
    { method: 'PUT', path: '/api/settings/hours',                         expected: [401, 403, 403, 403, 403, 200],
      // One more seating on Sundays; no booking falls outside.
      body: () => ({
        hours: Array.from({ length: 7 }, (_, weekday) => ({
          open: weekday !== 1, first: '17:00', last: weekday === 0 ? '21:00' : '20:30', everyMinutes: 30,
        })),
      }),
      check: (caller) => unchangedUnlessAdmin(caller) },
    { method: 'PUT', path: '/api/settings/rules',                         expected: [401, 403, 403, 403, 403, 200],
      body: () => ({ guestDaysAhead: 90, allowOverlap: true, maxUpcoming: 0, maxPerDate: 0, maxCoversPerSeating: 0 }),
      check: (caller) => unchangedUnlessAdmin(caller) },
    { method: 'POST', path: '/api/settings/tables',                       expected: [401, 403, 403, 403, 403, 201],
      body: () => ({ location: 'counter', numSeats: 1, isReservable: false }),
      check: async (caller, { body }) => {
        await unchangedUnlessAdmin(caller);
        if (caller === 'admin') expect(body.table).toMatchObject({ id: 'C13', location: 'counter' });
      } },
    { method: 'PATCH', path: '/api/settings/tables/8',                    expected: [401, 403, 403, 403, 403, 200],
      body: () => ({ numSeats: 5 }),
      check: async (caller) => {
        await unchangedUnlessAdmin(caller);
        expect(Number((await storedTable('8')).numSeats)).toBe(caller === 'admin' ? 5 : 4);
      } },
    { method: 'PATCH', path: '/api/settings/tables/99',                   expected: [401, 403, 403, 403, 403, 404],
      body: () => ({ numSeats: 5 }),
      check: (caller) => unchangedUnlessAdmin(caller) },
    { method: 'DELETE', path: '/api/settings/tables/C12',                 expected: [401, 403, 403, 403, 403, 200],
      check: async (caller) => {
        await unchangedUnlessAdmin(caller);
        expect((await storedTable('C12')).retiredAt).toEqual(caller === 'admin' ? expect.any(String) : null);
      } },
    { method: 'DELETE', path: '/api/settings/tables/1',                   expected: [401, 403, 403, 403, 403, 409],
      // Table 1 holds guest A's booking: retiring it would strand it, so the admin is shown it instead.
      check: async (caller, { body }) => {
        await unchangedUnlessAdmin(caller);
        if (caller === 'admin') {
          expect(body.error.code).toBe('strands_reservations');
          expect(body.error.reservations.map((r: { id: string }) => r.id)).toContain(annsReservation.id);
        }
        expect((await storedTable('1')).retiredAt).toBeNull();
      } },
    { method: 'POST', path: '/api/settings/closures',                     expected: [401, 403, 403, 403, 403, 201],
      variant: 'free dates',
      body: () => ({ firstDate: '2027-04-06', lastDate: '2027-04-07', note: 'Closed for a private event' }),
      check: (caller) => unchangedUnlessAdmin(caller) },
    { method: 'POST', path: '/api/settings/closures',                     expected: [401, 403, 403, 403, 403, 409],
      // Guest A's booking stands on that date: the admin is asked to confirm, and nothing is closed yet.
      variant: 'a booked date',
      body: () => ({ firstDate: '2026-11-24', lastDate: '2026-11-24' }),
      check: async (caller, { body }) => {
        await unchangedUnlessAdmin(caller);
        if (caller === 'admin') expect(body.error.code).toBe('needs_confirmation');
      } },
    { method: 'DELETE', path: `/api/settings/closures/${CLOSURE}`,        expected: [401, 403, 403, 403, 403, 200],
      check: async (caller, _answer, target) => {
        await unchangedUnlessAdmin(caller);
        const left = await server.database.db.selectFrom('closures').select('id').where('id', '=', target!).execute();
        expect(left).toHaveLength(caller === 'admin' ? 0 : 1);
      } },
    { method: 'DELETE', path: `/api/settings/closures/${MISSING}`,        expected: [401, 403, 403, 403, 403, 404],
      check: (caller) => unchangedUnlessAdmin(caller) },
    { method: 'POST', path: '/api/settings/trusted-networks',             expected: [401, 403, 403, 403, 403, 201],
      body: () => ({ network: '198.51.100.0/24', note: 'Our Wi-Fi' }),
      check: async (caller, { body }) => {
        await unchangedUnlessAdmin(caller);
        if (caller === 'admin') expect(body.trustedNetwork).toMatchObject({ network: '198.51.100.0/24', note: 'Our Wi-Fi' });
      } },
    { method: 'DELETE', path: `/api/settings/trusted-networks/${MISSING}`, expected: [401, 403, 403, 403, 403, 404],
      check: (caller) => unchangedUnlessAdmin(caller) },
    // Better Auth's own endpoints, where the caller matters.
    { method: 'GET', path: '/api/auth/get-session',                       expected: [200, 200, 200, 200, 200, 200],
      check: (caller, { body }) => {
        if (caller === 'anonymous') expect(body).toBeNull();
        else expect(body.user.email).toBe(ownEmail(caller));
      } },
    { method: 'GET', path: '/api/auth/list-sessions',                     expected: [401, 200, 200, 200, 200, 200],
      check: async (caller, { body }) => {
        if (caller === 'anonymous') return;
        // Only the caller's own sessions.
        const own = await server.database.db.selectFrom('user').select('id').where('email', '=', ownEmail(caller)).executeTakeFirstOrThrow();
        expect(new Set((body as { userId: string }[]).map((session) => session.userId))).toEqual(new Set([own.id]));
      } },
    { method: 'GET', path: '/api/auth/list-accounts',                     expected: [401, 200, 200, 200, 200, 200] },
    { method: 'POST', path: '/api/auth/update-user',                      expected: [401, 200, 200, 200, 200, 200],
      // A profile update cannot mark the address verified (which would make the squatter admin).
      body: (caller) => ({ name: `${caller} renamed`, emailVerified: true }),
      check: async (caller) => {
        if (caller === 'unverifiedAdminEmail')
          expect(await clients[caller].session()).toMatchObject({ emailVerified: false, isAdmin: false });
      } },
  ];

  const rowLabel = (row: Row) => `${row.method} ${row.path}${row.variant ? ` (${row.variant})` : ''}`;

  async function resolvePath(path: string): Promise<{ url: string; target?: string }> {
    if (path.includes(A_RESERVATION))
      return { url: path.replace(A_RESERVATION, annsReservation.id), target: annsReservation.id };
    if (path.includes(CLOSURE)) {
      const closure = await server.database.db
        .selectFrom('closures')
        .select('id')
        .where('firstDate', '=', CLOSED_AT_FIRST_START)
        .executeTakeFirst();
      // Once the admin has reopened it, a later ask finds no such closure.
      const id = closure?.id ?? '00000000-0000-4000-8000-000000000001';
      return { url: path.replace(CLOSURE, id), target: id };
    }
    if (path.includes(NEW_A_RESERVATION)) {
      const fresh = await annBooks();
      return { url: path.replace(NEW_A_RESERVATION, fresh.id), target: fresh.id };
    }
    return { url: path.replace(MISSING, '00000000-0000-4000-8000-000000000000') };
  }

  /**
   * One request as `caller`; the event stream is read up to its first snapshot, then closed. Untyped on purpose:
   * the matrix is one table of paths, Better Auth's and a missing one among them, asked alike of every caller;
   * a typed call per row would turn the table into two dozen closures and hide what it checks.
   */
  async function ask(caller: Caller, method: string, url: string, body: unknown): Promise<Answer> {
    const client = clients[caller];
    if (url.startsWith('/api/reservations/stream')) return readStreamStart(client, url);
    const response = await client.request(method, url, body);
    return {
      status: response.status,
      body: response.body,
      text: JSON.stringify(response.body),
      contentType: response.headers.get('content-type') ?? '',
    };
  }

  async function readStreamStart(client: TestClient, url: string): Promise<Answer> {
    const controller = new AbortController();
    const cookie = client.cookieHeader();
    const response = await fetch(`${server.url}${url}`, {
      headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
      signal: controller.signal,
    });
    const contentType = response.headers.get('content-type') ?? '';
    if (!contentType.startsWith('text/event-stream')) {
      const text = await response.text();
      return { status: response.status, body: JSON.parse(text), text, contentType };
    }
    let text = '';
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    while (!/event: snapshot\ndata: .*\n\n/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    controller.abort();
    return { status: response.status, body: text, text, contentType };
  }

  /** Asks every row as `caller`, checks each answer, and records its status in `actual`. */
  async function askColumn(caller: Caller, actual: Record<string, Partial<Record<Caller, number>>>) {
    for (const row of MATRIX) {
      const label = rowLabel(row);
      const { url, target } = await resolvePath(row.path);
      const answer = await ask(caller, row.method, url, row.body?.(caller));
      (actual[label] ??= {})[caller] = answer.status;

      // No answer carries another guest's data (the admin sees everything by design).
      if (caller !== 'admin') {
        const others = (Object.keys(GUESTS) as Guest[]).filter((guest) => guest !== ownerOf(caller));
        for (const secret of others.flatMap(secretsOf))
          expect.soft(answer.text, `${caller} ${label} leaks "${secret}"`).not.toContain(secret);
      }
      // Our own endpoints refuse in the one error shape, with the spec's words where it has them.
      if (answer.status >= 400 && !url.startsWith('/api/auth/')) {
        isErrorShape(answer.body);
        const message = answer.body.error.message as string;
        if (answer.status === 401) expect(message).toBe('Please sign in to continue.');
        if (answer.status === 403) expect(message).toBe('Access Denied: Admin privileges required');
        if (answer.status === 404 && url.startsWith('/api/reservations/'))
          expect(message).toBe('Reservation not found');
      }
      if (answer.status < 400)
        expect(answer.contentType).toMatch(row.contentType ?? /^(application\/json|text\/event-stream)/);
      await row.check?.(caller, answer, target);
    }
  }

  it('answers each caller at each endpoint as the matrix says, and leaks nothing', async () => {
    const actual: Record<string, Partial<Record<Caller, number>>> = {};
    for (const caller of CALLERS.filter((c) => c !== 'admin')) await askColumn(caller, actual);

    // The owner clicks the link in the verification email: the session of the sign-up ends, and the owner
    // chooses the admin password through the link's next step, then signs in: that session is the admin.
    expect(await clients.unverifiedAdminEmail.session()).toMatchObject({ emailVerified: false, isAdmin: false });
    const link = actionLinkOf(await waitForEmail(server.config.mail.outboxDir, OWNER.email, /Confirm your email/));
    const verified = await clients.anonymous.api.account['email-action'].$post({ json: link });
    expect(verified.status).toBe(200);
    expect(await clients.unverifiedAdminEmail.session()).toBeNull();
    const token = verified.body.setPasswordCode as string;
    const newPassword = { newPassword: PASSWORDS.unverifiedAdminEmail, token };
    expect((await clients.anonymous.post('/api/auth/reset-password', newPassword)).status).toBe(200);
    expect((await clients.admin.signIn(OWNER.email, PASSWORDS.unverifiedAdminEmail)).status).toBe(200);
    expect(await clients.admin.session()).toMatchObject({ emailVerified: true, isAdmin: true });
    await askColumn('admin', actual);

    const expected = Object.fromEntries(
      MATRIX.map((row) => [rowLabel(row), Object.fromEntries(CALLERS.map((caller, i) => [caller, row.expected[i]]))]),
    );
    expect(actual).toEqual(expected);

    // Guest A's reservation carries only edits from callers allowed to make them (the admin's came last).
    expect((await storedReservation(annsReservation.id))?.specialRequests).toBe('set by admin');
  });

  it("answers another guest's reservation exactly like one that does not exist", async () => {
    // No way to tell "exists but not yours" from "no such reservation": same status, same body.
    const reservation = clients.guestB.api.reservations[':id'];
    const theirsId = { id: annsReservation.id };
    const missingId = { id: '00000000-0000-4000-8000-000000000000' };
    const theirs = await reservation.$get({ param: theirsId });
    const missing = await reservation.$get({ param: missingId });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    const theirsPatched = await reservation.$patch({ param: theirsId, json: { name: 'Mallory' } });
    const missingPatched = await reservation.$patch({ param: missingId, json: { name: 'Mallory' } });
    expect([theirsPatched.status, theirsPatched.body]).toEqual([missingPatched.status, missingPatched.body]);
  });
});
