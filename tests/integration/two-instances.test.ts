import { describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { OWNER, OWNER_ENV } from '../support/owner';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';
import { openEventStream } from '../support/sse';
import { startTestServer } from '../support/test-server';

// Several instances behind a load balancer behave as one: with PostgreSQL, a booking written through one
// instance reaches the admin's live stream on another (LISTEN/NOTIFY). SQLite is single-instance by design.
describe.runIf(process.env.TEST_DATABASE_URL)('two server instances on one PostgreSQL database', () => {
  it('a booking through instance A appears on the admin stream of instance B', async () => {
    const a = await startTestServer({ env: OWNER_ENV, now: () => FIXED_NOW });
    const b = await startTestServer({ env: OWNER_ENV, now: () => FIXED_NOW, shared: a.testDatabase });
    try {
      const admin = new TestClient(b.url);
      await admin.signIn(OWNER.email, OWNER.password);
      const names: string[][] = [];
      const stream = await openEventStream(
        `${b.url}/api/reservations/stream?date=2026-11-24`,
        admin.cookieHeader(),
        (event, data) => {
          if (event === 'snapshot')
            names.push((JSON.parse(data) as { reservations: { name: string }[] }).reservations.map((r) => r.name));
        },
      );
      try {
        await expect.poll(() => names.length).toBe(1);
        const guest = new TestClient(a.url);
        await guest.signUp('guest@example.com', 'guest-password-1');
        const booked = await guest.api.reservations.$post({ json: bookingBody({ name: 'Via Instance A' }) });
        expect(booked.status).toBe(201);
        await expect.poll(() => names.at(-1)).toEqual(['Via Instance A']);
      } finally {
        await stream.close();
      }
    } finally {
      await b.stop();
      await a.stop();
    }
  });

  it('a session ended through instance A stops working on instance B at once', async () => {
    const a = await startTestServer();
    const b = await startTestServer({ shared: a.testDatabase });
    try {
      const onA = new TestClient(a.url);
      await onA.signUp('guest@example.com', 'guest-password-1');
      const onB = new TestClient(b.url, { cookie: onA.cookieHeader() });
      expect((await onB.session())?.email).toBe('guest@example.com');
      expect((await onA.post('/api/auth/sign-out')).status).toBe(200);
      expect(await onB.session()).toBeNull();
    } finally {
      await b.stop();
      await a.stop();
    }
  });
});
