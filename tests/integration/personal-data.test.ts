import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { actionLinkOf, emailsTo, waitForEmail } from '../support/outbox';
import { OWNER, OWNER_ENV } from '../support/owner';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';
import { startSmtpPeer } from '../support/smtp-peer';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 15.15: the privacy policy's promises, kept. "User rights": an account can be deleted, with its password
// asked again; its upcoming reservations are cancelled and its past ones keep no personal data; the admin's
// account cannot delete itself. "Limited retention": reservations older than the period lose the guest's data.

describe('personal data', () => {
  let server: TestServer;
  let admin: TestClient;
  let address = 1;
  const client = () => new TestClient(server.url, {}, `127.0.5.${address++}`);
  /** A reservation as the admin reads it. (Deleting an account is Better Auth's delete-user: untyped.) */
  const reservationOf = (id: string) => admin.api.reservations[':id'].$get({ param: { id } });

  /** A reservation written straight to the book (one that took place before the test's clock). */
  const pastReservation = async (
    id: string,
    reservationDate: string,
    userId: string | null,
    details: { name?: string; phoneNumber?: string; email?: string; source?: 'walk-in' } = {},
  ) => {
    const stamp = FIXED_NOW.toISOString();
    await server.database.db
      .insertInto('reservations')
      .values({
        id,
        tableIds: '["2"]',
        startTime: 1900,
        endTime: 2030,
        reservationDate,
        email: 'della@example.com',
        reminderEmail: 'della.reminders@example.com',
        partySize: 2,
        name: 'Della Past',
        phoneNumber: '5551234567',
        seatType: 'table',
        specialRequests: 'allergy: peanuts',
        createdAt: stamp,
        updatedAt: stamp,
        userId,
        ...(details.email === '' ? { email: '', reminderEmail: '', specialRequests: null } : {}),
        ...details,
      })
      .execute();
  };

  beforeAll(async () => {
    server = await startTestServer({
      env: OWNER_ENV,
      now: () => FIXED_NOW,
    });
    admin = client();
    expect((await admin.signIn(OWNER.email, OWNER.password)).status).toBe(200);
  });
  afterAll(() => server.stop());

  it('deleting an account asks for the password, cancels what is ahead and strips what is past', async () => {
    const della = client();
    expect((await della.signUp('della@example.com', 'della-password-1')).status).toBe(200);
    const ahead = [];
    for (const reservationDate of ['2026-11-25', '2026-11-26']) {
      const booked = await della.api.reservations.$post({
        json: bookingBody({ reservationDate, name: 'Della Guest' }),
      });
      expect(booked.status).toBe(201);
      ahead.push(booked.body.reservation);
    }
    const user = await server.database.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'della@example.com')
      .executeTakeFirstOrThrow();
    await pastReservation('her-past-dinner', '2026-11-01', user.id);

    // The password is asked again, however recent the sign-in.
    expect(await della.post('/api/auth/delete-user', {})).toMatchObject({
      status: 400,
      body: { message: 'Please enter your password' },
    });
    expect((await della.post('/api/auth/delete-user', { password: 'not-her-password' })).status).toBe(400);
    expect(await della.session()).toMatchObject({ email: 'della@example.com' });

    expect((await della.post('/api/auth/delete-user', { password: 'della-password-1' })).status).toBe(200);
    expect(await della.session()).toBeNull();
    expect((await client().signIn('della@example.com', 'della-password-1')).status).toBe(401);
    // Upcoming reservations are cancelled, and their tables free again.
    for (const reservation of ahead) expect((await reservationOf(reservation.id)).status).toBe(404);
    const available = await admin.api.tables.available.$get({
      query: { date: '2026-11-25', startTime: '1700', seatType: 'table' },
    });
    const tables = available.body.tables as { id: string }[];
    expect(tables.map((t) => t.id)).toContain(ahead[0]!.tableIds[0]);
    // The past one stays on the restaurant's book, with nothing left of who she was.
    const past = (await reservationOf('her-past-dinner')).body.reservation;
    expect(past).toMatchObject({ reservationDate: '2026-11-01', partySize: 2, tableIds: ['2'] });
    expect(JSON.stringify(past)).not.toMatch(/Della|della|5551234567|peanuts/);
    // Someone else may sign up with the address and finds nothing of hers.
    const next = client();
    expect((await next.signUp('della@example.com', 'next-password-1')).status).toBe(200);
    expect((await next.api.reservations.mine.$get()).body.reservations).toEqual([]);
  });

  it('deleting an account forgets its address: the counters about it, its emails in the outbox folder, its mail waiting', async () => {
    const email = 'erin@example.com';
    const outbox = server.config.mail.outboxDir;
    const counterKeys = async () =>
      (await server.database.db.selectFrom('rate_counters').select('key').execute()).map((row) => row.key);
    const mailRowsTo = async (to: string) =>
      (await server.database.db.selectFrom('mail_outbox').select('outcome').where('to', '=', to).execute()).map(
        (row) => row.outcome,
      );
    // Someone else's email, which stays.
    expect((await client().signUp('frank@example.com', 'frank-password-1')).status).toBe(200);
    await waitForEmail(outbox, 'frank@example.com', /Confirm your email/);
    const before = await counterKeys();

    // Erin signs up and confirms her address, types a wrong password once, and asks for a password reset.
    const erin = client();
    expect((await erin.signUp(email, 'erin-password-1')).status).toBe(200);
    const confirm = actionLinkOf(await waitForEmail(outbox, email, /Confirm your email/));
    expect((await client().api.account['email-action'].$post({ json: confirm })).status).toBe(200);
    expect((await client().signIn(email, 'not-erins-password')).status).toBe(401);
    expect((await client().post('/api/auth/request-password-reset', { email })).status).toBe(200);
    await waitForEmail(outbox, email, /Reset your/);

    // While the outbox is paused, a second reset is queued for her and not yet sent.
    await server.outbox.stop();
    try {
      expect((await client().post('/api/auth/request-password-reset', { email })).status).toBe(200);
      expect(await mailRowsTo(email)).toContain(null);
      const hers = (await counterKeys()).filter((key) => !before.includes(key));
      expect(hers.length).toBeGreaterThan(0);
      expect(await emailsTo(outbox, email)).toHaveLength(2);

      expect((await erin.post('/api/auth/delete-user', { password: 'erin-password-1' })).status).toBe(200);

      const left = await counterKeys();
      expect(hers.filter((key) => left.includes(key))).toEqual([]);
      expect(left.some((key) => key.includes(email))).toBe(false);
      expect(await emailsTo(outbox, email)).toEqual([]);
      expect(await mailRowsTo(email)).toEqual([]);
      expect(await emailsTo(outbox, 'frank@example.com')).toHaveLength(1);
    } finally {
      server.outbox.start();
    }
  });

  it("the admin's account cannot delete itself", async () => {
    const answer = await admin.post('/api/auth/delete-user', { password: OWNER.password });
    expect(answer).toMatchObject({ status: 403, body: { message: 'The admin account cannot be deleted.' } });
    expect(await admin.session()).toMatchObject({ email: OWNER.email, isAdmin: true });
  });

  it('strips the personal data of reservations older than the retention period (2 years)', async () => {
    await pastReservation('two-years-ago', '2024-11-20', null);
    await pastReservation('last-summer', '2025-06-01', null);
    // Walk-ins have no email: one that gave a name and phone loses them too; one that gave nothing has nothing to lose.
    await pastReservation('walk-in-named', '2024-11-20', null, { email: '', source: 'walk-in' });
    await pastReservation('walk-in-unnamed', '2024-11-20', null, {
      email: '',
      source: 'walk-in',
      name: '',
      phoneNumber: '',
    });
    expect(await server.retention.runOnce()).toBe(2);
    const old = (await reservationOf('two-years-ago')).body.reservation;
    expect(old).toMatchObject({ name: 'Removed', phoneNumber: '', reminderEmail: '', specialRequests: null });
    expect((await reservationOf('walk-in-named')).body.reservation).toMatchObject({ name: 'Removed', phoneNumber: '' });
    expect((await reservationOf('walk-in-unnamed')).body.reservation).toMatchObject({ name: '', phoneNumber: '' });
    expect((await reservationOf('last-summer')).body.reservation).toMatchObject({
      name: 'Della Past',
      reminderEmail: 'della.reminders@example.com',
    });
    // Once stripped, a row is left alone.
    expect(await server.retention.runOnce()).toBe(0);
  });
});

describe('deleting accounts does not give an inbox its emails back', () => {
  it("signing up with someone else's address and deleting the account, eight times over, reaches the inbox five times", async () => {
    // A real mail server, since deleting the account also removes the emails to it from the outbox folder.
    const smtp = await startSmtpPeer();
    const server = await startTestServer({ env: { SMTP_URL: smtp.url }, now: () => FIXED_NOW });
    try {
      for (let round = 1; round <= 8; round++) {
        const stranger = new TestClient(server.url, {}, `127.0.6.${round}`);
        expect((await stranger.signUp('quinn@example.com', 'strangers-password-1')).status).toBe(200);
        expect((await stranger.post('/api/auth/delete-user', { password: 'strangers-password-1' })).status).toBe(200);
      }
      await server.outbox.drain();
      expect(smtp.to('quinn@example.com')).toHaveLength(5);
    } finally {
      await server.stop();
      await smtp.close();
    }
  });
});
