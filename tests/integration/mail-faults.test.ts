import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { movableClock } from '../support/movable-clock';
import { OWNER, OWNER_ENV } from '../support/owner';
import { bookingBody } from '../support/reservation-factory';
import { startSmtpPeer } from '../support/smtp-peer';
import { NO_FAIR_USE_LIMITS, startTestServer, type TestServer } from '../support/test-server';
import { until } from '../support/until';

// The mail server's bad night, against a real SMTP peer that stalls, refuses and goes away. The server's clock runs
// in real time (timeouts are real) from a moment of the test's choosing; the tests move it on to make the next
// retries due, and wait for what the peer or the outbox records, never a fixed time.

describe('twenty reminders due while the mail server stalls, refuses and goes away', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let server: TestServer;
  const clock = movableClock('2026-11-22T20:00:00Z');
  const lines: { msg: string; err?: unknown }[] = [];

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    server = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        SMTP_TIMEOUT_SECONDS: '1',
        ...OWNER_ENV,
        ...NO_FAIR_USE_LIMITS,
      },
      now: clock.now,
      logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }),
      // The outbox's real timing: a lease from the 1 s timeouts, backoff from 5 s to 30 s.
      mailTiming: {},
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });
  /** How many emails waiting in the outbox last failed for a reason matching `reason`. */
  const failuresMatching = async (reason: RegExp) =>
    (
      await server.database.db.selectFrom('mail_outbox').select('lastError').where('outcome', 'is', null).execute()
    ).filter((row) => reason.test(row.lastError ?? '')).length;

  it('all twenty arrive within a minute after it is healthy again, none twice', async () => {
    const admin = new TestClient(server.url, {}, '127.0.2.1');
    await admin.signIn(OWNER.email, OWNER.password);
    for (let i = 0; i < 20; i++) {
      const startTime = [1700, 1830, 2000][i % 3]!;
      const seats = { seatType: 'counter', partySize: 1, startTime } as const;
      const booking = bookingBody({ reminderEmail: `guest${i}@example.com`, ...seats });
      expect((await admin.api.reservations.$post({ json: booking })).status).toBe(201);
    }
    // 09:00 on the day: the twenty are queued while the mail server stalls (takes the message, never answers),
    // then refuses every recipient, then is gone altogether.
    smtp.setMode('stall');
    clock.moveTo('2026-11-24T17:00:00Z');
    expect(await server.reminders.runOnce()).toBe(20);
    // The first sends (three at once) stall until they time out.
    await until(async () => (await failuresMatching(/timeout/i)) >= 3, 15_000, 'three sends timed out');
    // Then every recipient is refused: the next tries, made due by moving the clock past their backoff.
    smtp.setMode('refuse');
    clock.forward(30_000);
    await until(() => smtp.refusedCount() >= 3, 15_000, 'three tries refused');
    // Then the mail server is not there at all.
    await smtp.goAway();
    clock.forward(30_000);
    await until(async () => (await failuresMatching(/ECONNREFUSED/)) >= 3, 15_000, 'three connections refused');
    expect(smtp.messages).toHaveLength(0);
    // The owner can see that email is not going out.
    expect((await admin.api.admin['mail-status'].$get()).body).toMatchObject({
      waiting: 20,
      lastFailure: { reason: expect.any(String) },
    });

    await smtp.comeBack();
    smtp.setMode('accept');
    const healthyAt = Date.now();
    await until(() => smtp.messages.length >= 20, 60_000, 'twenty reminders delivered');
    const took = Date.now() - healthyAt;
    // Nothing left to send: a reminder that would go twice would go before the outbox is drained.
    await server.outbox.drain();
    const recipients = smtp.messages.map((mail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text);
    expect(new Set(recipients).size).toBe(20);
    expect(recipients).toHaveLength(20);
    expect((await admin.api.admin['mail-status'].$get()).body).toMatchObject({
      waiting: 0,
      lastSentAt: expect.any(String),
    });
    // One line when delivery began failing and one when it recovered, not one per try; no stack traces.
    const mailLines = lines.filter((line) => /email delivery/.test(line.msg));
    expect(mailLines.map((line) => line.msg)).toEqual([
      'email delivery failing: emails wait in the outbox and are retried with backoff',
      'email delivery recovered: sending what waited',
    ]);
    expect(mailLines.every((line) => line.err === undefined)).toBe(true);
    console.info(`twenty reminders delivered ${took} ms after the mail server was healthy again`);
  });
});

describe('one stuck message among good ones', () => {
  it('holds back nothing: the others are delivered while it still waits for an answer', async () => {
    const smtp = await startSmtpPeer();
    const server = await startTestServer({ env: { SMTP_URL: smtp.url, SMTP_TIMEOUT_SECONDS: '15' }, mailTiming: {} });
    try {
      smtp.stallFor('stuck@example.com');
      await new TestClient(server.url, {}, '127.0.2.2').signUp('stuck@example.com', 'stuck-password-1');
      for (let i = 0; i < 6; i++)
        await new TestClient(server.url, {}, `127.0.2.${10 + i}`).signUp(`fine${i}@example.com`, 'fine-password-1');
      await until(() => smtp.messages.length >= 6, 20_000, 'six verification emails');
      // All six went while the stuck one was still held: its first try has neither failed nor succeeded yet.
      const stuck = await server.database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to', '=', 'stuck@example.com')
        .executeTakeFirstOrThrow();
      expect(stuck).toMatchObject({ outcome: null, attempts: 1, lastError: null });
      expect(smtp.to('stuck@example.com')).toHaveLength(0);
    } finally {
      await server.stop();
      await smtp.close();
    }
  });
});

describe('a mail outage of five minutes, and of a day', () => {
  it('a verification email survives the outage and a restart, and goes out once the server is back', async () => {
    const smtp = await startSmtpPeer();
    await smtp.goAway();
    const clock = movableClock('2026-11-22T20:00:00Z');
    const env = { SMTP_URL: smtp.url, SMTP_TIMEOUT_SECONDS: '1' };
    const first = await startTestServer({ env, now: clock.now, mailTiming: {} });
    const guest = new TestClient(first.url, {}, '127.0.2.30');
    expect((await guest.signUp('patient@example.com', 'patient-password-1')).status).toBe(200);
    // Five minutes of tries against a server that is not there (the clock moved a minute at a time). A try counts
    // once its failure is recorded (the lease given back): a try is counted when it starts, and one still under
    // way when the clock moves would set its next try from the moved clock, half a minute past it.
    const triesDone = async () => {
      const row = await first.database.db
        .selectFrom('mail_outbox')
        .select(['attempts', 'leaseUntil'])
        .executeTakeFirst();
      return row && row.leaseUntil === null ? row.attempts : 0;
    };
    for (let minute = 0; minute < 5; minute++) {
      const before = await triesDone();
      clock.forward(60_000);
      await until(async () => (await triesDone()) > before, 10_000, `a try in minute ${minute + 1}`);
    }
    const [waiting] = await first.database.db.selectFrom('mail_outbox').selectAll().execute();
    expect(waiting).toMatchObject({ to: 'patient@example.com', outcome: null });
    expect(waiting!.attempts).toBeGreaterThanOrEqual(3);
    // The app restarts during the outage; the email waits in the database, not in the process.
    await first.close();
    const second = await startTestServer({ env, now: clock.now, shared: first.testDatabase, mailTiming: {} });
    try {
      await smtp.comeBack();
      clock.forward(60_000);
      await until(() => smtp.to('patient@example.com').length === 1, 30_000, 'the verification email');
      expect(smtp.to('patient@example.com')[0]!.subject).toBe('Confirm your email for Umi Sushi');
    } finally {
      await second.stop();
      await smtp.close();
    }
  });

  it('an email still failing a day after it was written is given up, with the reason logged', async () => {
    const smtp = await startSmtpPeer();
    smtp.setMode('refuse');
    const clock = movableClock('2026-11-22T20:00:00Z');
    const lines: { msg: string; reason?: string; to?: string }[] = [];
    const server = await startTestServer({
      env: {
        SMTP_URL: smtp.url,
        SMTP_TIMEOUT_SECONDS: '1',
        ...OWNER_ENV,
      },
      now: clock.now,
      logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }),
      mailTiming: {},
    });
    try {
      await new TestClient(server.url, {}, '127.0.2.40').signUp('unlucky@example.com', 'unlucky-password-1');
      await until(() => lines.some((line) => line.msg.startsWith('email delivery failing')), 10_000, 'a failure');
      clock.forward(25 * 60 * 60 * 1000);
      await until(() => lines.some((line) => line.msg.startsWith('email given up')), 40_000, 'given up');
      const givenUp = lines.find((line) => line.msg.startsWith('email given up'))!;
      expect(givenUp).toMatchObject({ to: 'unlucky@example.com', reason: expect.stringMatching(/Try again later/) });
      const admin = new TestClient(server.url, {}, '127.0.2.41');
      await admin.signIn(OWNER.email, OWNER.password);
      expect((await admin.api.admin['mail-status'].$get()).body).toMatchObject({ givenUp: 1, waiting: 0 });
      // Given up means not tried again: with the mail server back, the outbox has nothing left to send.
      smtp.setMode('accept');
      await server.outbox.drain();
      expect(smtp.to('unlucky@example.com')).toHaveLength(0);
    } finally {
      await server.stop();
      await smtp.close();
    }
  });
});
