import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn, weekdayOf } from '../../src/booking/calendar';
import { messages } from '../../src/booking/fair-booking';
import { TestClient } from '../support/http-client';
import { actionLinkOf, waitForEmail } from '../support/outbox';
import { OWNER, OWNER_ENV } from '../support/owner';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';
import { startTestServer, type TestServer } from '../support/test-server';

// A night cannot be taken by a few people with many accounts (docs/decisions/0014-new-accounts-share-a-network.md):
// on one network (an IPv4 address, an IPv6 /64), accounts under a day old share one reservation a date, while
// households, shared Wi-Fi and long-standing accounts behind one carrier's address book as before. The shipped
// limits throughout, unless a test says otherwise. Each network is a loopback address of its own, as the
// server's socket sees it (127.0.N.x).

const PHONE = '(555) 010-0199';
const PASSWORD = 'fair-night-password-1';
const TIMES = [1700, 1730, 1800, 1830, 1900, 1930, 2000, 2030];
/** The reservable floor tables as shipped (1 to 6) times the seatings that do not overlap (5, 6:30, 8 PM). */
const TABLE_SEATINGS_A_NIGHT = 18;

let nextNetwork = 10;
/**
 * A network of its own: one IPv4 address, as a household's router shows the internet every device behind it
 * (127.0.N.1; the owner may trust a whole range, 127.0.N.0/24).
 */
const newNetwork = () => `127.0.${nextNetwork++}.1`;

/** Signs up (from `network`'s own address), optionally verifies through the emailed link, and books from `from`. */
async function guest(server: TestServer, email: string, from: string, verify = false): Promise<TestClient> {
  const client = new TestClient(server.url, {}, from);
  const signedUp = await client.signUp(email, PASSWORD);
  expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);
  if (verify) {
    const link = actionLinkOf(await waitForEmail(server.config.mail.outboxDir, email, /Confirm your email/));
    expect((await client.api.account['email-action'].$post({ json: link })).status).toBe(200);
    expect(await client.session()).toMatchObject({ emailVerified: true });
  }
  return client;
}

/** A server on the shipped limits at FIXED_NOW, and its owner signed in from a network of the owner's own. */
async function restaurantWithOwner(): Promise<{ server: TestServer; admin: TestClient }> {
  const server = await startTestServer({
    env: OWNER_ENV,
    now: () => FIXED_NOW,
  });
  const admin = new TestClient(server.url, {}, '127.0.9.1');
  expect((await admin.signIn(OWNER.email, OWNER.password)).status).toBe(200);
  return { server, admin };
}

/** The open dates (not Mondays) from `first` on. */
function openDates(first: string, count: number): string[] {
  const dates: string[] = [];
  for (let date = first; dates.length < count; date = addDays(date, 1)) if (weekdayOf(date) !== 1) dates.push(date);
  return dates;
}

describe('a handful of networks with many new accounts', () => {
  let server: TestServer;
  let admin: TestClient;
  const NIGHT = '2026-11-27'; // a Friday
  beforeAll(async () => {
    ({ server, admin } = await restaurantWithOwner());
  });
  afterAll(() => server.stop());

  it('6 networks with 5 fresh, verified accounts each, booking as fast as they can, hold 6 of the night', async () => {
    const networks = Array.from({ length: 6 }, newNetwork);
    // Five sign-ups a network (within its sign-up limit), each account verified through its mailbox.
    const accounts = (
      await Promise.all(
        networks.map(async (network, n) => {
          const made: TestClient[] = [];
          for (let a = 0; a < 5; a++) made.push(await guest(server, `scalper-${n}-${a}@example.com`, network, true));
          return made;
        }),
      )
    ).flat();

    // Every account asks for every seating of the night at once, two guests a table.
    const answers = await Promise.all(
      accounts.flatMap((account) =>
        TIMES.map((startTime) =>
          account.api.reservations.$post({ json: bookingBody({ reservationDate: NIGHT, startTime, partySize: 2 }) }),
        ),
      ),
    );
    const made = answers.filter((answer) => answer.status === 201);
    expect(made).toHaveLength(6);
    expect(made.length).toBeLessThanOrEqual(TABLE_SEATINGS_A_NIGHT / 3);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect([409, 429]).toContain(refused.status);
      expect([
        messages.newAccountsOnNetwork(1, PHONE),
        messages.perDateLimit(1),
        messages.ownOverlap,
        messages.bookingRateLimited,
        'That time slot has been booked. Please refresh the page.',
      ]).toContain(refused.body.error.message);
    }

    // The rest of the night is there for everyone else.
    const other = await guest(server, 'regular-guest@example.com', newNetwork());
    const times = (await other.api.availability.$get({ query: { date: NIGHT, partySize: '2', seatType: 'table' } }))
      .body.times;
    expect(times.length).toBeGreaterThan(0);
    const startTime = times.at(-1);
    expect(
      (await other.api.reservations.$post({ json: bookingBody({ reservationDate: NIGHT, startTime }) })).status,
    ).toBe(201);
  });

  it("shows the owner the night by network and account age, and cancels one network's group in one action", async () => {
    const view = await admin.api.reservations['by-network'].$get({ query: { date: NIGHT } });
    expect(view.status).toBe(200);
    const scalperGroups = view.body.groups.filter((group) =>
      group.bookings.some((booking) => booking.reservation.email.startsWith('scalper-')),
    );
    expect(scalperGroups).toHaveLength(6);
    for (const group of scalperGroups) {
      expect(group).toMatchObject({ network: expect.stringMatching(/^127\.0\.\d+\.1$/), trusted: false });
      expect(group.bookings).toHaveLength(1);
      expect(group.bookings[0]).toMatchObject({ byNewAccount: true, accountCreatedAt: expect.any(String) });
    }

    const [first] = scalperGroups;
    const ids = first!.bookings.map((booking) => booking.reservation.id);
    const cancelled = await admin.api.reservations['cancel-many'].$post({ json: { ids: [...ids, 'no-such-id'] } });
    expect(cancelled).toMatchObject({ status: 200, body: { cancelled: ids } });
    const after = await admin.api.reservations['by-network'].$get({ query: { date: NIGHT } });
    expect(after.body.groups.map((group) => group.network)).not.toContain(first!.network);
    expect((await admin.api.reservations.$get({ query: { date: NIGHT } })).body.reservations).toHaveLength(6);
  });
});

describe('households, shared Wi-Fi and long-standing accounts', () => {
  let server: TestServer;
  /** The app's clock: the real time, moved on by the tests (Better Auth stamps accounts with the real time). */
  let clock = new Date();
  beforeAll(async () => {
    server = await startTestServer({ now: () => clock });
  });
  afterAll(() => server.stop());
  const today = () => todayIn(server.config.restaurant.timeZone, clock);

  it('4 new accounts on one network book 4 different nights', async () => {
    const network = newNetwork();
    const dates = openDates(addDays(today(), 2), 4);
    for (const [i, reservationDate] of dates.entries()) {
      const member = await guest(server, `household-${i}@example.com`, network);
      expect((await member.api.reservations.$post({ json: bookingBody({ reservationDate }) })).status).toBe(201);
    }
  });

  it('40 guests on one restaurant Wi-Fi sign up and book within 5 minutes, each a night of their own', async () => {
    const wifi = newNetwork();
    const started = Date.now();
    const nights = openDates(addDays(today(), 1), 40);
    const statuses: number[] = [];
    for (const [i, reservationDate] of nights.entries()) {
      const diner = await guest(server, `wifi-diner-${i}@example.com`, wifi);
      statuses.push((await diner.api.reservations.$post({ json: bookingBody({ reservationDate }) })).status);
    }
    expect(statuses).toEqual(Array(40).fill(201));
    expect(Date.now() - started).toBeLessThan(5 * 60 * 1000);
  });

  it('a new account cannot move its reservation onto a night its network’s new accounts already hold', async () => {
    const network = newNetwork();
    const [first, second] = openDates(addDays(today(), 2), 2) as [string, string];
    const one = await guest(server, 'mover-1@example.com', network);
    const two = await guest(server, 'mover-2@example.com', network);
    expect((await one.api.reservations.$post({ json: bookingBody({ reservationDate: first }) })).status).toBe(201);
    const booked = await two.api.reservations.$post({ json: bookingBody({ reservationDate: second }) });
    expect(booked.status).toBe(201);
    const moved = await two.api.reservations[':id'].$patch({
      param: { id: booked.body.reservation.id },
      json: { reservationDate: first },
    });
    expect(moved).toMatchObject({ status: 409, body: { error: { message: messages.newAccountsOnNetwork(1, PHONE) } } });
  });

  it('two accounts older than a day behind one address both book the same night', async () => {
    const carrier = newNetwork();
    const ann = await guest(server, 'ann-carrier@example.com', carrier);
    const bea = await guest(server, 'bea-carrier@example.com', carrier);
    const night = openDates(addDays(today(), 3), 1)[0]!;
    expect((await ann.api.reservations.$post({ json: bookingBody({ reservationDate: night }) })).status).toBe(201);
    // Today both accounts are new: the second is refused...
    const refused = await bea.api.reservations.$post({
      json: bookingBody({ reservationDate: night, startTime: 1900 }),
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { error: { message: messages.newAccountsOnNetwork(1, PHONE) } },
    });
    // ...and a day later, each books on its own.
    clock = new Date(clock.getTime() + 25 * 60 * 60 * 1000);
    expect(
      (await bea.api.reservations.$post({ json: bookingBody({ reservationDate: night, startTime: 1900 }) })).status,
    ).toBe(201);
  });
});

describe('networks the owner trusts, and what a network counts', () => {
  let server: TestServer;
  let admin: TestClient;
  const trusted = newNetwork();
  const trustedRange = trusted.replace(/\.1$/, '.0/24');
  beforeAll(async () => {
    ({ server, admin } = await restaurantWithOwner());
  });
  afterAll(() => server.stop());

  it('exempts a trusted network: its new accounts each book the same night', async () => {
    const added = await admin.api.settings['trusted-networks'].$post({
      json: { network: trustedRange, note: 'Our Wi-Fi' },
    });
    expect(added.status).toBe(201);
    for (const [i, startTime] of [1700, 1830, 2000].entries()) {
      const diner = await guest(server, `diner-${i}@example.com`, trusted);
      const booked = await diner.api.reservations.$post({
        json: bookingBody({ reservationDate: '2026-11-28', startTime }),
      });
      expect(booked.status).toBe(201);
    }
    // Trusted no longer: what its new accounts booked meanwhile does not count; from now on they share a date.
    const id = added.body.trustedNetwork.id;
    expect((await admin.api.settings['trusted-networks'][':id'].$delete({ param: { id } })).status).toBe(200);
    const book = async (email: string, startTime: number) =>
      (await guest(server, email, trusted)).api.reservations.$post({
        json: bookingBody({ reservationDate: '2026-11-28', startTime }),
      });
    expect((await book('diner-late@example.com', 1730)).status).toBe(201);
    expect(await book('diner-later@example.com', 1900)).toMatchObject({
      status: 409,
      body: { error: { message: messages.newAccountsOnNetwork(1, PHONE) } },
    });
  });

  it('30 refused bookings by one guest leave the next guest on the address able to book', async () => {
    const network = newNetwork();
    // Three accounts, ten refused bookings each (a closed Monday), as fast as they go.
    for (let a = 0; a < 3; a++) {
      const pest = await guest(server, `pest-${a}@example.com`, network);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          pest.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-11-30' }) }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(400));
    }
    const next = await guest(server, 'next-in-line@example.com', network);
    expect((await next.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-12-01' }) })).status).toBe(
      201,
    );
  });
});

describe('one IPv6 household behind a proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true' }, now: () => FIXED_NOW });
  });
  afterAll(() => server.stop());

  it('counts every address of one /64 as one network, and a neighbouring /64 as another', async () => {
    const from = (address: string) => new TestClient(server.url, { 'x-forwarded-for': address });
    const signedUp = async (client: TestClient, email: string) => {
      expect((await client.signUp(email, PASSWORD)).status).toBe(200);
      return client;
    };
    const a = await signedUp(from('2001:db8:1:2::1'), 'v6-a@example.com');
    const b = await signedUp(from('2001:db8:1:2:ffff::9'), 'v6-b@example.com');
    const c = await signedUp(from('2001:db8:1:3::1'), 'v6-c@example.com');
    const book = (client: TestClient, startTime: number) =>
      client.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-11-25', startTime }) });
    expect((await book(a, 1700)).status).toBe(201);
    expect((await book(b, 1830)).body.error.message).toBe(messages.newAccountsOnNetwork(1, PHONE));
    expect((await book(c, 2000)).status).toBe(201);
  });
});

describe('what one network may book in ten minutes', () => {
  let server: TestServer;
  let clock = new Date();
  beforeAll(async () => {
    server = await startTestServer({ env: { BOOKING_RATE_PER_ADDRESS: '3' }, now: () => clock });
  });
  afterAll(() => server.stop());

  it('counts the bookings made from it, not the refused ones: with a limit of 3, the fourth made waits', async () => {
    const network = newNetwork();
    const accounts: TestClient[] = [];
    for (let a = 0; a < 4; a++) accounts.push(await guest(server, `office-${a}@example.com`, network));
    // A day later the accounts book on their own (not as new accounts sharing a date).
    clock = new Date(clock.getTime() + 25 * 60 * 60 * 1000);
    const today = todayIn(server.config.restaurant.timeZone, clock);
    const night = openDates(addDays(today, 2), 1)[0]!;
    let monday = today;
    while (weekdayOf(monday) !== 1) monday = addDays(monday, 1);
    for (let i = 0; i < 5; i++)
      expect(
        (await accounts[0]!.api.reservations.$post({ json: bookingBody({ reservationDate: monday }) })).status,
      ).toBe(400);
    const answers = [];
    for (const [a, startTime] of [1700, 1830, 2000, 1730].entries())
      answers.push(
        await accounts[a]!.api.reservations.$post({ json: bookingBody({ reservationDate: night, startTime }) }),
      );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 429]);
    expect(answers[3]!.body.error.message).toBe(messages.bookingRateLimited);
  });
});
