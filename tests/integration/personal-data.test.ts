import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 15.15: the privacy policy's promises, kept. "User rights": an account can be deleted, with its password
// asked again; its upcoming reservations are cancelled and its past ones keep no personal data; the admin's
// account cannot delete itself. "Limited retention": reservations older than the period lose the guest's data.

const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' };

describe('personal data', () => {
  let server: TestServer;
  let admin: TestClient;
  let address = 1;
  const client = () => new TestClient(server.url, {}, `127.0.5.${address++}`);
  /** A reservation as the admin reads it. (Deleting an account is Better Auth's delete-user: untyped.) */
  const reservationOf = (id: string) => admin.api.reservations[':id'].$get({ param: { id } });

  /** A reservation written straight to the book (one that took place before the test's clock). */
  const pastReservation = async (id: string, reservationDate: string, userId: string | null) => {
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
      })
      .execute();
  };

  beforeAll(async () => {
    server = await startTestServer({
      env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      now: () => FIXED_NOW,
    });
    admin = client();
    expect((await admin.signIn(ADMIN.email, ADMIN.password)).status).toBe(200);
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

  it("the admin's account cannot delete itself", async () => {
    const answer = await admin.post('/api/auth/delete-user', { password: ADMIN.password });
    expect(answer).toMatchObject({ status: 403, body: { message: 'The admin account cannot be deleted.' } });
    expect(await admin.session()).toMatchObject({ email: ADMIN.email, isAdmin: true });
  });

  it('strips the personal data of reservations older than the retention period (2 years)', async () => {
    await pastReservation('two-years-ago', '2024-11-20', null);
    await pastReservation('last-summer', '2025-06-01', null);
    expect(await server.retention.runOnce()).toBeGreaterThanOrEqual(1);
    const old = (await reservationOf('two-years-ago')).body.reservation;
    expect(old).toMatchObject({ name: 'Removed', phoneNumber: '', reminderEmail: '', specialRequests: null });
    expect((await reservationOf('last-summer')).body.reservation).toMatchObject({
      name: 'Della Past',
      reminderEmail: 'della.reminders@example.com',
    });
    // Once stripped, a row is left alone.
    expect(await server.retention.runOnce()).toBe(0);
  });
});
