import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminderTime } from '../../src/server/mail/reminder-job';
import { TestClient } from '../support/http-client';
import { OWNER, OWNER_ENV } from '../support/owner';
import { bookingBody, type BookingBody } from '../support/reservation-factory';
import { startSmtpPeer } from '../support/smtp-peer';
import { NO_FAIR_USE_LIMITS, startTestServer, type TestServer } from '../support/test-server';

const at = (iso: string) => new Date(iso);

describe('emails over a real SMTP peer, and the morning reminder on a controlled clock', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let server: TestServer;
  let clock = at('2026-11-22T20:00:00Z'); // Sunday noon in Los Angeles
  let guest: TestClient;
  let admin: TestClient;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    server = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Umi Sushi <reservations@umi.test>',
        ...OWNER_ENV,
        // One guest books many reservations here; the fair-use limits have tests of their own.
        ...NO_FAIR_USE_LIMITS,
      },
      now: () => clock,
    });
    guest = new TestClient(server.url, {}, '127.0.0.150');
    admin = new TestClient(server.url, {}, '127.0.0.151');
    await guest.signUp('ann@example.com', 'ann-password-1');
    await admin.signIn(OWNER.email, OWNER.password);
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  /** One pass of the reminder job, then the outbox's delivery of what it queued; returns how many it queued. */
  const remind = async () => {
    const queued = await server.reminders.runOnce();
    await server.outbox.drain();
    return queued;
  };

  const book = async (client: TestClient, overrides: Partial<BookingBody>) => {
    const response = await client.api.reservations.$post({ json: bookingBody(overrides) });
    expect(response.status).toBe(201);
    return response.body.reservation;
  };

  it('delivers the sign-up verification through SMTP with its headers and link', async () => {
    await expect.poll(() => smtp.to('ann@example.com').length).toBe(1);
    const mail = smtp.to('ann@example.com')[0]!;
    expect(mail.from?.value[0]).toMatchObject({ name: 'Umi Sushi', address: 'reservations@umi.test' });
    expect(mail.to).toMatchObject({ value: [{ address: 'ann@example.com' }] });
    expect(mail.subject).toBe('Confirm your email for Umi Sushi');
    expect(mail.text).toMatch(new RegExp(`${server.url}/firebase-action\\?mode=verifyEmail&oobCode=\\S+`));
    expect(mail.html).toContain('Confirm email');
  });

  it('delivers the password reset through SMTP with its link', async () => {
    // Better Auth's endpoint, not in ApiRoutes: an untyped request.
    expect((await guest.post('/api/auth/request-password-reset', { email: 'ann@example.com' })).status).toBe(200);
    await expect
      .poll(() => smtp.to('ann@example.com').filter((mail) => mail.subject === 'Reset your Umi Sushi password').length)
      .toBe(1);
    const mail = smtp.to('ann@example.com').find((m) => m.subject === 'Reset your Umi Sushi password')!;
    expect(mail.text).toMatch(new RegExp(`${server.url}/firebase-action\\?mode=resetPassword&oobCode=\\S+`));
    expect(mail.text).toContain('123 Harbor Street');
  });

  it('computes 09:00 in the restaurant zone across daylight saving', () => {
    expect(reminderTime('2026-11-24', 'America/Los_Angeles').toISOString()).toBe('2026-11-24T17:00:00.000Z');
    expect(reminderTime('2027-03-14', 'America/Los_Angeles').toISOString()).toBe('2027-03-14T16:00:00.000Z');
  });

  it('sends once at 09:00, not for a cancelled reservation, not for one booked after the send time', async () => {
    const kept = await book(guest, {
      reservationDate: '2026-11-24',
      startTime: 1800,
      reminderEmail: 'ann.reminders@example.com',
      name: 'Ann Guest',
    });
    const cancelled = await book(guest, {
      reservationDate: '2026-11-24',
      startTime: 1900,
      reminderEmail: 'ann.cancelled@example.com',
    });
    expect((await guest.api.reservations[':id'].$delete({ param: { id: cancelled.id } })).status).toBe(200);

    clock = at('2026-11-24T16:59:00Z'); // 08:59
    expect(await remind()).toBe(0);
    clock = at('2026-11-24T17:00:00Z'); // 09:00
    expect(await remind()).toBe(1);
    expect(await remind()).toBe(0);

    const [mail, ...more] = smtp.to('ann.reminders@example.com');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Reminder: your table at Umi Sushi today at 6:00 PM');
    expect(mail!.text).toContain('Hello Ann Guest,');
    expect(mail!.text).toContain('November 24, 2026, from 6:00 PM to 7:30 PM, for 2 people');
    expect(mail!.text).toContain(`${server.url}/my-reservations`);
    expect(mail!.text).toContain('(555) 010-0199');
    expect(smtp.to('ann.cancelled@example.com')).toHaveLength(0);

    // Booked by the admin at 10:00 for tonight: no reminder that morning.
    clock = at('2026-11-24T18:00:00Z');
    await book(admin, { reservationDate: '2026-11-24', startTime: 2000, reminderEmail: 'walk.in@example.com' });
    expect(await remind()).toBe(0);

    // A time change after the reminder went out sends nothing more that morning.
    await guest.api.reservations[':id'].$patch({ param: { id: kept.id }, json: { startTime: 2030 } });
    expect(await remind()).toBe(0);
    expect(smtp.to('ann.reminders@example.com')).toHaveLength(1);
  });

  it('catches up after downtime, until each reservation starts', async () => {
    clock = at('2026-11-22T20:00:00Z');
    await book(guest, { reservationDate: '2026-11-25', startTime: 1700, reminderEmail: 'started@example.com' });
    await book(guest, { reservationDate: '2026-11-25', startTime: 1800, reminderEmail: 'later@example.com' });
    clock = at('2026-11-26T01:30:00Z'); // 17:30 on the 25th: the server was down all day
    expect(await remind()).toBe(1);
    expect(smtp.to('later@example.com')).toHaveLength(1);
    expect(smtp.to('started@example.com')).toHaveLength(0);
  });

  it('retries a refused delivery from the outbox until it goes, and sends it once', async () => {
    clock = at('2026-11-22T20:00:00Z');
    await book(guest, { reservationDate: '2026-11-27', startTime: 1800, reminderEmail: 'flaky@example.com' });
    clock = at('2026-11-27T17:00:00Z');
    smtp.failNext(3);
    expect(await remind()).toBe(1);
    expect(smtp.to('flaky@example.com')).toHaveLength(1);
    expect(await remind()).toBe(0);
    expect(smtp.to('flaky@example.com')).toHaveLength(1);
  });

  it('sends at 09:00 on the day daylight saving starts', async () => {
    clock = at('2026-11-22T20:00:00Z');
    await book(admin, { reservationDate: '2027-03-14', startTime: 1700, reminderEmail: 'spring@example.com' });
    clock = at('2027-03-14T15:59:00Z'); // 08:59 PDT
    expect(await remind()).toBe(0);
    clock = at('2027-03-14T16:00:00Z'); // 09:00 PDT
    expect(await remind()).toBe(1);
    expect(smtp.to('spring@example.com')).toHaveLength(1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('reminders with two instances on one PostgreSQL database', () => {
  it('sends exactly one email per reservation', async () => {
    const smtp = await startSmtpPeer();
    let clock = at('2026-11-22T20:00:00Z');
    const env = { SMTP_URL: smtp.url, ...NO_FAIR_USE_LIMITS };
    const a = await startTestServer({ env, now: () => clock });
    const b = await startTestServer({ env, now: () => clock, shared: a.testDatabase });
    try {
      const guest = new TestClient(a.url, {}, '127.0.0.160');
      await guest.signUp('multi@example.com', 'multi-password-1');
      for (const startTime of [1700, 1730, 1800, 1830, 1900]) {
        expect(
          (
            await guest.api.reservations.$post({
              json: bookingBody({ startTime, reminderEmail: `r${startTime}@example.com` }),
            })
          ).status,
        ).toBe(201);
      }
      clock = at('2026-11-24T17:00:00Z');
      const [queuedByA, queuedByB] = await Promise.all([a.reminders.runOnce(), b.reminders.runOnce()]);
      expect(queuedByA + queuedByB).toBe(5);
      await Promise.all([a.outbox.drain(), b.outbox.drain()]);
      for (const startTime of [1700, 1730, 1800, 1830, 1900])
        expect(smtp.to(`r${startTime}@example.com`)).toHaveLength(1);
    } finally {
      await b.stop();
      await a.stop();
      await smtp.close();
    }
  });
});
