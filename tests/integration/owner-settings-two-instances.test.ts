import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { OWNER, OWNER_ENV } from '../support/owner';
import { UNLIMITED_RULES, weeklyHours } from '../support/owner-settings';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';
import { NO_FAIR_USE_LIMITS, startTestServer, type TestServer } from '../support/test-server';

// Two instances behind a load balancer, on one PostgreSQL (issue 16): the owner changes a setting through one,
// and the other applies it within a second (the change feed's LISTEN/NOTIFY). Bookings do not wait for that:
// they read the settings in their own transaction. SQLite is single-instance by design.

/** How often the other instance is asked while a change travels. */
const POLL_MS = 5;
const LIVE_WITHIN_MS = 1000;

/** Milliseconds from now until `seen()` holds, asking every POLL_MS; fails after 5 s. */
async function msUntil(seen: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await seen())) {
    if (performance.now() - started > 5000) throw new Error('the change never arrived');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return Math.round(performance.now() - started);
}

describe.runIf(process.env.TEST_DATABASE_URL)('owner settings on two instances over one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  let adminOnA: TestClient;
  let adminOnB: TestClient;
  let guestOnB: TestClient;
  let visitorOnB: TestClient;

  beforeAll(async () => {
    const env = { ...OWNER_ENV, ...NO_FAIR_USE_LIMITS };
    a = await startTestServer({ env, now: () => FIXED_NOW });
    b = await startTestServer({ env, now: () => FIXED_NOW, shared: a.testDatabase });
    adminOnA = new TestClient(a.url, {}, '127.0.3.1');
    adminOnB = new TestClient(b.url, {}, '127.0.3.2');
    guestOnB = new TestClient(b.url, {}, '127.0.3.3');
    visitorOnB = new TestClient(b.url, {}, '127.0.3.4');
    expect((await adminOnA.signIn(OWNER.email, OWNER.password)).status).toBe(200);
    expect((await adminOnB.signIn(OWNER.email, OWNER.password)).status).toBe(200);
    expect((await guestOnB.signUp('guest@example.com', 'guest-password-1')).status).toBe(200);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  /** Runs `query` on the test database as another client; returns its rows' count. */
  const countRows = async (query: string) => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const database = new URL(a.testDatabase.url).pathname.slice(1);
      return (await admin.query(query, [database])).rowCount;
    } finally {
      await admin.end();
    }
  };
  /** Ends both instances' change-feed connections (LISTEN): each hears nothing until it reconnects. */
  const endListeners = () =>
    countRows(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'LISTEN %'`);
  const listeners = () => countRows(`select pid from pg_stat_activity where datname = $1 and query like 'LISTEN %'`);

  const timesOnB = async (date: string) =>
    (await guestOnB.api.availability.$get({ query: { date, partySize: '2', seatType: 'table' } })).body;

  it('applies a change made on one instance on the other within a second', async () => {
    const figures: Record<string, number> = {};

    expect(
      (
        await adminOnA.api.settings.details.$put({
          json: {
            name: 'Umi on Two Instances',
            phone: '(555) 010-0199',
            address: '1 Pier Road',
            links: [],
          },
        })
      ).status,
    ).toBe(200);
    figures.details = await msUntil(
      async () => (await visitorOnB.api['public-config'].$get()).body.restaurantName === 'Umi on Two Instances',
    );

    const closed = await adminOnA.api.settings.closures.$post({
      json: { firstDate: '2026-12-02', lastDate: '2026-12-02', note: 'Closed for a private event' },
    });
    expect(closed.status).toBe(201);
    figures.closure = await msUntil(async () => (await timesOnB('2026-12-02')).note === 'Closed for a private event');

    const hours = await adminOnA.api.settings.hours.$put({ json: { hours: weeklyHours({ 3: { last: '19:00' } }) } });
    expect(hours.status).toBe(200);
    figures.hours = await msUntil(async () => !(await timesOnB('2026-12-09')).times.includes(1930));

    const retired = await adminOnA.api.settings.tables[':id'].$delete({ param: { id: '8' } });
    expect(retired.status).toBe(200);
    figures.tables = await msUntil(
      async () => !((await adminOnB.api.tables.$get()).body.tables as { id: string }[]).some((t) => t.id === '8'),
    );

    const rules = await adminOnA.api.settings.rules.$put({ json: { ...UNLIMITED_RULES, guestDaysAhead: 20 } });
    expect(rules.status).toBe(200);
    figures.rules = await msUntil(async () => (await timesOnB('2026-12-13')).refusal === 'too_far');

    console.log(
      `settings changed on instance A were live on instance B after (ms): ${JSON.stringify(figures)}; polled every ${POLL_MS} ms`,
    );
    for (const [area, ms] of Object.entries(figures)) expect(ms, area).toBeLessThan(LIVE_WITHIN_MS);
  });

  it('makes a booking on one instance obey a change made on the other at once, heard yet or not', async () => {
    // No wait in between: the booking reads the settings in its own transaction.
    for (const date of ['2026-12-16', '2026-12-17', '2026-12-18']) {
      const closed = await adminOnA.api.settings.closures.$post({
        json: { firstDate: date, lastDate: date, note: `Closed on ${date}` },
      });
      expect(closed.status).toBe(201);
      const refused = await guestOnB.api.reservations.$post({ json: bookingBody({ reservationDate: date }) });
      expect([refused.status, refused.body.error.message]).toEqual([400, `Closed on ${date}`]);
    }
  });

  it('lets a booking on one instance use a rule loosened on the other at once, unheard', async () => {
    // B's copy of the settings says 20 days ahead (the first test), and B must not hear the change before the
    // booking arrives: both instances' LISTEN connections are ended first (they come back after half a second).
    // A refusal from that copy must be checked against the database's settings before it is said.
    expect(await endListeners()).toBe(2);
    try {
      const widened = await adminOnA.api.settings.rules.$put({ json: { ...UNLIMITED_RULES, guestDaysAhead: 40 } });
      expect(widened.status).toBe(200);
      const booked = await guestOnB.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-12-22' }) });
      expect(booked.status).toBe(201);
    } finally {
      // The next test ends the listeners again: both must be back.
      await msUntil(async () => (await listeners()) === 2);
    }
  });

  it("saves a change made on one instance even while that instance has not heard the other's", async () => {
    // The change feed's connections drop (a failover, a restart): each instance reconnects after half a second,
    // and until then hears nothing. Meanwhile the owner changes the rules on A, then sets them back on B.
    const before = (await adminOnB.api.settings.$get()).body.rules;
    expect(await endListeners()).toBe(2);
    const onA = await adminOnA.api.settings.rules.$put({ json: { ...before, guestDaysAhead: 30 } });
    expect(onA.status).toBe(200);
    const onB = await adminOnB.api.settings.rules.$put({ json: before });
    expect(onB.status).toBe(200);
    expect(onB.body.rules).toEqual(before);

    // What B said it saved is what the book holds, on either instance.
    expect((await adminOnA.api.settings.$get()).body.rules).toEqual(before);
    const history = (await adminOnA.api.settings.$get()).body.history;
    expect(history[0]?.summary).toBe(
      `Booking rules: guests book up to ${before.guestDaysAhead} days ahead (was: guests book up to 30 days ahead)`,
    );
    // Once B listens again, it agrees too.
    await msUntil(
      async () => (await visitorOnB.api['public-config'].$get()).body.guestDaysAhead === before.guestDaysAhead,
    );
  });
});
