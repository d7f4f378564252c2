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

  it("the host's mark through instance A reaches the admin stream of instance B", async () => {
    // Tuesday 2026-11-24, 6 PM in Los Angeles: the day of the booking, so the party can be marked.
    const tuesdayEvening = () => new Date('2026-11-25T02:00:00.000Z');
    const a = await startTestServer({ env: OWNER_ENV, now: tuesdayEvening });
    const b = await startTestServer({ env: OWNER_ENV, now: tuesdayEvening, shared: a.testDatabase });
    try {
      const [onA, onB] = [new TestClient(a.url), new TestClient(b.url)];
      await onA.signIn(OWNER.email, OWNER.password);
      await onB.signIn(OWNER.email, OWNER.password);
      const booked = await onA.api.reservations.$post({
        json: bookingBody({ name: 'Walks In Soon', startTime: 1830 }),
      });
      expect(booked.status).toBe(201);
      const id = (booked.body.reservation as { id: string }).id;
      const statuses: string[] = [];
      const stream = await openEventStream(
        `${b.url}/api/reservations/stream?date=2026-11-24`,
        onB.cookieHeader(),
        (event, data) => {
          if (event !== 'snapshot') return;
          const { reservations } = JSON.parse(data) as { reservations: { id: string; service: { status: string } }[] };
          statuses.push(reservations.find((r) => r.id === id)!.service.status);
        },
      );
      try {
        await expect.poll(() => statuses).toEqual(['booked']);
        const marked = await onA.api.reservations[':id'].service.$post({
          param: { id },
          json: { from: 'booked', to: 'arrived' },
        });
        expect(marked.status).toBe(200);
        await expect.poll(() => statuses.at(-1)).toBe('arrived');
      } finally {
        await stream.close();
      }
    } finally {
      await b.stop();
      await a.stop();
    }
  });

  it("a block made through instance A hides its seats from a guest on instance B at once, and reaches B's admin stream", async () => {
    const a = await startTestServer({ env: OWNER_ENV, now: () => FIXED_NOW });
    const b = await startTestServer({ env: OWNER_ENV, now: () => FIXED_NOW, shared: a.testDatabase });
    try {
      const [host, owner, guest] = [new TestClient(a.url), new TestClient(b.url), new TestClient(b.url)];
      await host.signIn(OWNER.email, OWNER.password);
      await owner.signIn(OWNER.email, OWNER.password);
      await guest.signUp('guest@example.com', 'guest-password-1');
      const times = async () =>
        (await guest.api.availability.$get({ query: { date: '2026-11-24', partySize: '2', seatType: 'table' } })).body
          .times;
      // B has read the date (and keeps its copy) before the block.
      expect(await times()).toContain(1900);
      const events: string[] = [];
      const stream = await openEventStream(
        `${b.url}/api/reservations/stream?date=2026-11-24`,
        owner.cookieHeader(),
        (event) => events.push(event),
      );
      try {
        await expect.poll(() => events).toContain('snapshot');
        const blocked = await host.api.blocks.$post({
          json: {
            tableIds: ['1', '2', '3', '4', '5', '6'],
            firstDate: '2026-11-24',
            startTime: 1900,
            endTime: 2100,
            note: 'private party',
          },
        });
        expect(blocked.status).toBe(201);
        await expect.poll(() => events).toContain('blocks');
        expect(await times()).toEqual([1700, 1730]);
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
