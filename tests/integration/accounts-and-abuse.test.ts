import { createHmac } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/booking/fair-booking';
import { TestClient } from '../support/http-client';
import { actionLinkOf, emailsTo, waitForEmail } from '../support/outbox';
import { OWNER, OWNER_ENV } from '../support/owner';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 19, replayed as the attacker ran it: each numbered scenario ends in the safe outcome. The limits are the
// defaults (README, "Security"); every server here has its own database.
// The app's own routes go through the typed `api`. Untyped on purpose: Better Auth's endpoints under /api/auth
// (not in ApiRoutes), a sign-up name that is not text, and bookings forged from other origins.

let nextAddress = 1;
/** A client on a loopback address of its own: per-address limits see each as a different guest. */
const clientOf = (server: TestServer) => new TestClient(server.url, {}, `127.0.1.${nextAddress++}`);

/** The link's code from the latest matching email to `to`. */
async function linkTo(server: TestServer, to: string, subject: RegExp, nth = 1) {
  return actionLinkOf(await waitForEmail(server.config.mail.outboxDir, to, subject, nth));
}

describe('1. reservations belong to the account, not to the email text', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: OWNER_ENV,
      now: () => FIXED_NOW,
    });
  });
  afterAll(() => server.stop());

  it("follows Carol to her new address, and shows Mallory nothing at Carol's old one", async () => {
    const carol = clientOf(server);
    expect((await carol.signUp('carol@example.com', 'carol-password-1')).status).toBe(200);
    const booked = await carol.api.reservations.$post({
      json: bookingBody({ name: 'Carol Chan', phoneNumber: '555-321-7654', specialRequests: 'allergy: shellfish' }),
    });
    expect(booked.status).toBe(201);
    const id = booked.body.reservation.id;

    // Carol changes her account's email and confirms it from the new inbox.
    expect((await carol.post('/api/auth/change-email', { newEmail: 'carol.new@example.com' })).status).toBe(200);
    const confirm = await linkTo(server, 'carol.new@example.com', /Confirm your email/);
    expect((await clientOf(server).api.account['email-action'].$post({ json: confirm })).status).toBe(200);
    expect(await carol.session()).toMatchObject({ email: 'carol.new@example.com' });

    // Still hers, under her new address.
    const mine = (await carol.api.reservations.mine.$get()).body.reservations as { id: string; email: string }[];
    expect(mine.map((r) => [r.id, r.email])).toEqual([[id, 'carol.new@example.com']]);
    expect((await carol.api.reservations[':id'].$get({ param: { id } })).status).toBe(200);

    // Mallory signs up with the address Carol left: nothing of Carol's is hers to see, edit or cancel.
    const mallory = clientOf(server);
    expect((await mallory.signUp('carol@example.com', 'mallory-password-1')).status).toBe(200);
    expect((await mallory.api.reservations.mine.$get()).body.reservations).toEqual([]);
    for (const answer of [
      await mallory.api.reservations[':id'].$get({ param: { id } }),
      await mallory.api.reservations[':id'].$patch({ param: { id }, json: { specialRequests: 'none' } }),
      await mallory.api.reservations[':id'].$delete({ param: { id } }),
    ]) {
      expect(answer).toMatchObject({ status: 404, body: { error: { message: 'Reservation not found' } } });
      expect(JSON.stringify(answer.body)).not.toMatch(/Carol|shellfish|5553217654/);
    }
    const admin = clientOf(server);
    await admin.signIn(OWNER.email, OWNER.password);
    expect((await admin.api.reservations[':id'].$get({ param: { id } })).body.reservation).toMatchObject({
      email: 'carol.new@example.com',
      specialRequests: 'allergy: shellfish',
    });
  });
});

describe('2. the admin seat: only the admin mailbox and the password chosen through it', () => {
  let server: TestServer;
  const ADMIN = 'boss@example.com';
  beforeAll(async () => {
    // ADMIN_EMAIL alone, as in the attack: no ADMIN_PASSWORD to take the account over at start.
    server = await startTestServer({ env: { ADMIN_EMAIL: ADMIN }, now: () => FIXED_NOW });
  });
  afterAll(() => server.stop());

  it('an attacker who signs up first with the admin address never becomes the admin, whatever the owner does', async () => {
    const attacker = clientOf(server);
    expect((await attacker.signUp(ADMIN, 'attackers-password-1')).status).toBe(200);

    // The owner's own sign-up points to sign-in and a reset, and the owner's inbox hears of it.
    const owner = clientOf(server);
    const refused = await owner.signUp(ADMIN, 'owners-password-1');
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'An account with this email already exists. Sign in instead, or reset your password if you have forgotten it.',
    );
    expect(JSON.stringify(refused.body)).not.toMatch(/User already exists/);
    const notice = await waitForEmail(server.config.mail.outboxDir, ADMIN, /tried to create/);
    expect(notice.text).toContain('/auth/forgotpass');

    // The owner clicks the confirmation link that the attacker's sign-up sent to the owner's inbox.
    const click = await owner.api.account['email-action'].$post({
      json: await linkTo(server, ADMIN, /Confirm your email/),
    });
    expect(click.status).toBe(200);
    // The attacker's session is over and the attacker's password opens nothing.
    expect(await attacker.session()).toBeNull();
    expect((await attacker.api.reservations.all.$get()).status).toBe(401);
    expect((await clientOf(server).signIn(ADMIN, 'attackers-password-1')).status).toBe(401);

    // The owner chooses the admin password through the click's next step and signs in: the admin.
    const token = click.body.setPasswordCode as string;
    expect((await owner.post('/api/auth/reset-password', { newPassword: 'owners-password-1', token })).status).toBe(
      200,
    );
    expect((await owner.signIn(ADMIN, 'owners-password-1')).status).toBe(200);
    expect(await owner.session()).toMatchObject({ email: ADMIN, isAdmin: true });
    expect((await owner.api.reservations.all.$get()).status).toBe(200);
    // The set-password code worked once.
    expect((await owner.post('/api/auth/reset-password', { newPassword: 'attackers-password-2', token })).status).toBe(
      400,
    );
  });
});

describe('2b. the admin seat, the other orders', () => {
  let server: TestServer;
  const ADMIN = 'chef@example.com';
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAIL: ADMIN }, now: () => FIXED_NOW });
  });
  afterAll(() => server.stop());

  it('the owner resets the password through the mailbox first: the attacker is signed out, the owner is the admin', async () => {
    const attacker = clientOf(server);
    expect((await attacker.signUp(ADMIN, 'attackers-password-1')).status).toBe(200);
    expect((await clientOf(server).post('/api/auth/request-password-reset', { email: ADMIN })).status).toBe(200);
    const reset = await linkTo(server, ADMIN, /Reset your/);
    const owner = clientOf(server);
    expect(
      (await owner.post('/api/auth/reset-password', { newPassword: 'owners-password-1', token: reset.oobCode })).status,
    ).toBe(200);
    expect(await attacker.session()).toBeNull();
    expect((await owner.signIn(ADMIN, 'owners-password-1')).status).toBe(200);
    expect(await owner.session()).toMatchObject({ emailVerified: true, isAdmin: true });
    // The attacker's old password is gone, and a click on the old confirmation link changes nothing now.
    expect((await clientOf(server).signIn(ADMIN, 'attackers-password-1')).status).toBe(401);
    const late = await clientOf(server).api.account['email-action'].$post({
      json: await linkTo(server, ADMIN, /Confirm your email/),
    });
    expect(late.body.setPasswordCode).toBeUndefined();
    expect(await owner.session()).toMatchObject({ isAdmin: true });
  });

  it('an account that moves to the admin address through its mailbox loses its sessions and password there', async () => {
    const other = await startTestServer({ env: { ADMIN_EMAIL: 'maitre@example.com' }, now: () => FIXED_NOW });
    try {
      const attacker = new TestClient(other.url, {}, `127.0.1.${nextAddress++}`);
      expect((await attacker.signUp('sneaky@example.com', 'attackers-password-1')).status).toBe(200);
      expect((await attacker.post('/api/auth/change-email', { newEmail: 'maitre@example.com' })).status).toBe(200);
      // The change needs a click in the admin mailbox; the owner, unaware, clicks it.
      const confirm = await linkTo(other, 'maitre@example.com', /Confirm your email/);
      const click = await new TestClient(other.url).api.account['email-action'].$post({ json: confirm });
      expect(click.body).toMatchObject({ mode: 'verifyEmail', setPasswordCode: expect.any(String) });
      expect(await attacker.session()).toBeNull();
      expect((await new TestClient(other.url).signIn('maitre@example.com', 'attackers-password-1')).status).toBe(401);
    } finally {
      await other.stop();
    }
  });
});

describe('3. a verification token forged with the auth library default secret', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_EMAIL: OWNER.email }, now: () => FIXED_NOW });
  });
  afterAll(() => server.stop());

  /** An HS256 token as Better Auth signs email verifications, with its public default secret. */
  function forgedToken(email: string) {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ email, iat: 1, exp: 4_000_000_000 })}`;
    const signature = createHmac('sha256', 'better-auth-secret-12345678901234567890').update(body).digest('base64url');
    return `${body}.${signature}`;
  }

  it('verifies nothing: the app never runs on that secret, and verifies only through its own single-use links', async () => {
    const attacker = clientOf(server);
    expect((await attacker.signUp(OWNER.email, 'attackers-password-1')).status).toBe(200);
    const answer = await attacker.get(`/api/auth/verify-email?token=${forgedToken(OWNER.email)}`);
    expect(answer.status).toBe(404);
    expect(await attacker.session()).toMatchObject({ emailVerified: false, isAdmin: false });
    // The secret the app signs with is its own, generated one.
    expect(server.config.authSecret).not.toBe('better-auth-secret-12345678901234567890');
    expect(server.config.authSecret.length).toBeGreaterThanOrEqual(32);
  });
});

describe('4. one guest cannot take the room', () => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer({
      env: OWNER_ENV,
      now: () => FIXED_NOW,
    });
    admin = clientOf(server);
    await admin.signIn(OWNER.email, OWNER.password);
  });
  afterAll(() => server.stop());

  const refusals = new Set([
    messages.perDateLimit(1),
    messages.ownOverlap,
    messages.upcomingLimit(4),
    messages.bookingRateLimited,
  ]);

  it('a new, unverified account sending a whole night at once books one table; the refused are told why', async () => {
    const greedy = clientOf(server);
    expect((await greedy.signUp('greedy@example.com', 'greedy-password-1')).status).toBe(200);
    const times = [1700, 1730, 1800, 1830, 1900, 1930, 2000, 2030];
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        greedy.api.reservations.$post({
          json: bookingBody({ reservationDate: '2026-11-25', startTime: times[i % 8] }),
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect([409, 429]).toContain(answer.status);
      expect(refusals.has(answer.body.error.message as string)).toBe(true);
    }
    // Everyone else still finds tables that night.
    const other = clientOf(server);
    await other.signUp('other@example.com', 'other-password-1');
    const availability = await other.api.availability.$get({
      query: { date: '2026-11-25', partySize: '2', seatType: 'table' },
    });
    expect(availability.body.times).toEqual(times);
  });

  it('holds at most four upcoming reservations per account, one a date', async () => {
    const hoarder = clientOf(server);
    expect((await hoarder.signUp('hoarder@example.com', 'hoarder-password-1')).status).toBe(200);
    const dates = ['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-12-01', '2026-12-02'];
    const statuses = [];
    for (const reservationDate of dates)
      statuses.push((await hoarder.api.reservations.$post({ json: bookingBody({ reservationDate }) })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 409, 409]);
    const last = await hoarder.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-12-03' }) });
    expect(last.body.error.message).toBe(
      'You already have 4 upcoming reservations, the most one guest can hold. To book another, cancel one in My Reservations.',
    );
    // Moving one of them onto a date it already holds is refused too; cancelling one frees a place.
    const mine = (await hoarder.api.reservations.mine.$get()).body.reservations as { id: string }[];
    const one = { id: mine[0]!.id };
    const move = await hoarder.api.reservations[':id'].$patch({
      param: one,
      json: { reservationDate: '2026-11-27', startTime: 2000 },
    });
    expect(move).toMatchObject({ status: 409, body: { error: { message: messages.perDateLimit(1) } } });
    expect((await hoarder.api.reservations[':id'].$delete({ param: one })).status).toBe(200);
    expect(
      (await hoarder.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-12-03' }) })).status,
    ).toBe(201);
  });

  it('gives the new accounts of one network one reservation a date between them, however many they are', async () => {
    const address = `127.0.1.${nextAddress++}`;
    const made: string[] = [];
    for (let account = 0; account < 8; account++) {
      // Each account signs up from its own address (sign-up has its own limit) and books from the shared one.
      const signUp = clientOf(server);
      expect((await signUp.signUp(`crowd-${account}@example.com`, 'crowd-password-1')).status).toBe(200);
      const booker = new TestClient(server.url, { cookie: signUp.cookieHeader() }, address);
      for (const reservationDate of ['2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11']) {
        const startTime = [1700, 1730, 1800, 1830, 1900, 1930, 2000, 2030][account]!;
        const answer = await booker.api.reservations.$post({ json: bookingBody({ reservationDate, startTime }) });
        if (answer.status === 201) made.push(reservationDate);
        else
          expect(answer).toMatchObject({
            status: 409,
            body: { error: { message: messages.newAccountsOnNetwork(1, '(555) 010-0199') } },
          });
      }
    }
    // The first account took all four dates; the seven others, new on the same network, none.
    expect(made).toEqual(['2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11']);
  });

  it('leaves the admin free to book a phone caller party after party', async () => {
    const statuses = [];
    for (const startTime of [1700, 1700, 1700, 1730, 1800, 1830])
      statuses.push(
        (await admin.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-12-04', startTime }) }))
          .status,
      );
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201]);
  });
});

describe('5. nobody floods an inbox through the app', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: () => FIXED_NOW });
    await clientOf(server).signUp('victim@example.com', 'victim-password-1');
  });
  afterAll(() => server.stop());

  it('41 addresses asking for resets, confirmations and sign-ups reach the inbox within each kind of email’s hourly allowance', async () => {
    const outbox = server.config.mail.outboxDir;
    await waitForEmail(outbox, 'victim@example.com', /Confirm your email/);
    const answers = [];
    for (let sender = 0; sender < 41; sender++) {
      const client = clientOf(server);
      const ask = [
        () => client.post('/api/auth/request-password-reset', { email: 'victim@example.com' }),
        () => client.post('/api/auth/send-verification-email', { email: 'victim@example.com' }),
        () => client.signUp('victim@example.com', 'whatever-password-1'),
      ][sender % 3]!;
      answers.push(await ask());
    }
    // Every requester is answered as usual (no way to tell an allowance was used up)...
    expect(answers.filter((a, i) => i % 3 !== 2 && a.status !== 200)).toEqual([]);
    // ... and once the outbox has sent what was queued, the inbox has had the sign-up's own confirmation and four
    // more, ten password resets and one "someone tried to sign up": 16 in the hour, however many ask.
    await server.outbox.drain();
    const subjects = (await emailsTo(outbox, 'victim@example.com')).map((email) => email.subject);
    const count = (kind: RegExp) => subjects.filter((subject) => kind.test(subject)).length;
    expect([count(/Confirm your email/), count(/Reset your/), count(/tried to create/)]).toEqual([5, 10, 1]);
    expect(subjects).toHaveLength(16);
  });
});

describe('6. the app answers at whatever address it is reached by, until PUBLIC_URL says where', () => {
  it('without PUBLIC_URL: a guest at http://127.0.0.1 signs up, signs in and books; other sites stay refused', async () => {
    const server = await startTestServer({ env: { PUBLIC_URL: '' }, now: () => FIXED_NOW });
    try {
      expect(server.config.publicUrl).toMatch(/^http:\/\/localhost:\d+$/);
      const guest = new TestClient(server.url.replace('localhost', '127.0.0.1'), {}, `127.0.1.${nextAddress++}`);
      expect(guest.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
      expect((await guest.signUp('tablet@example.com', 'tablet-password-1')).status).toBe(200);
      expect((await guest.post('/api/auth/sign-out')).status).toBe(200);
      expect((await guest.signIn('tablet@example.com', 'tablet-password-1')).status).toBe(200);
      expect((await guest.api.reservations.$post({ json: bookingBody() })).status).toBe(201);
      // A page on another site, or on another port, is still refused (a foreign Origin: an untyped request).
      for (const origin of ['https://evil.example', guest.baseUrl.replace(/:(\d+)$/, ':1'), 'http://localhost:5173']) {
        const forged = await guest.post('/api/reservations', bookingBody({ reservationDate: '2026-11-26' }), {
          origin,
        });
        expect(forged).toMatchObject({ status: 403, body: { error: { code: 'cross_origin' } } });
      }
    } finally {
      await server.stop();
    }
  });

  it('with PUBLIC_URL set: a request from another address is refused with the address to open', async () => {
    const server = await startTestServer({ env: { PUBLIC_URL: 'https://umi.example' }, now: () => FIXED_NOW });
    try {
      const guest = new TestClient(server.url.replace('localhost', '127.0.0.1'), {}, `127.0.1.${nextAddress++}`);
      const refused = await guest.signUp('tablet@example.com', 'tablet-password-1');
      expect(refused).toMatchObject({
        status: 403,
        body: {
          error: {
            message: "This app's address is https://umi.example. Please open it there and try again.",
            code: 'cross_origin',
          },
        },
      });
    } finally {
      await server.stop();
    }
  });

  it("trusts Vite's dev origin only when npm run dev says so", async () => {
    const server = await startTestServer({ env: { DEV_CLIENT_ORIGIN: 'http://localhost:5173' }, now: () => FIXED_NOW });
    try {
      const guest = new TestClient(server.url, { origin: 'http://localhost:5173' }, `127.0.1.${nextAddress++}`);
      expect((await guest.signUp('dev@example.com', 'dev-password-1')).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('the smaller holes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: OWNER_ENV,
      now: () => FIXED_NOW,
    });
  });
  afterAll(() => server.stop());

  const accounts = () => server.database.db.selectFrom('user').select('email').execute();

  it.each([
    ['an empty name', '', 'Please enter your name'],
    ['a blank name', '   ', 'Please enter your name'],
    ['a 60,000-character name', 'x'.repeat(60_000), 'Name must be at most 100 characters long'],
    ['a name that is not text', 42, 'Please enter your name'],
  ])('sign-up refuses %s by the profile rules, and creates no account', async (_kind, name, message) => {
    const before = await accounts();
    const answer = await clientOf(server).post('/api/auth/sign-up/email', {
      email: 'named@example.com',
      password: 'named-password-1',
      name,
    });
    expect(answer).toMatchObject({ status: 400, body: { message } });
    expect(await accounts()).toEqual(before);
  });

  it('the admin cannot book counter seats as a table, nor floor tables as counter', async () => {
    const admin = clientOf(server);
    await admin.signIn(OWNER.email, OWNER.password);
    for (const [seatType, tableIds] of [
      ['table', ['C1', 'C2']],
      ['counter', ['1']],
      ['table', ['1', 'C1']],
    ] as const) {
      const answer = await admin.api.reservations.$post({ json: bookingBody({ seatType, tableIds: [...tableIds] }) });
      expect(answer).toMatchObject({ status: 400, body: { error: { message: 'Invalid table selection' } } });
    }
    const created = await admin.api.reservations.$post({
      json: bookingBody({ seatType: 'counter', tableIds: ['C1', 'C2'] }),
    });
    expect(created.status).toBe(201);
    const moved = await admin.api.reservations[':id'].$patch({
      param: { id: created.body.reservation.id },
      json: { tableIds: ['1'] },
    });
    expect(moved).toMatchObject({ status: 400, body: { error: { message: 'Invalid table selection' } } });
  });
});

describe('production logs carry no live links', () => {
  it('without SMTP in production: a warning at start, and the reset email is written without its link in the log', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const server = await startTestServer({
      env: { NODE_ENV: 'production', AUTH_SECRET: 'a-production-secret-of-32-characters-or-more' },
      now: () => FIXED_NOW,
      logger,
    });
    try {
      expect(lines.some((line) => line.includes('SMTP_URL is not set'))).toBe(true);
      await clientOf(server).signUp('prod@example.com', 'prod-password-1');
      expect(
        (await clientOf(server).post('/api/auth/request-password-reset', { email: 'prod@example.com' })).status,
      ).toBe(200);
      const reset = await linkTo(server, 'prod@example.com', /Reset your/);
      expect(lines.some((line) => line.includes('email written to the outbox'))).toBe(true);
      expect(lines.join('\n')).not.toContain(reset.oobCode);
      expect(lines.join('\n')).not.toContain('/firebase-action');
    } finally {
      await server.stop();
    }
  });
});
