import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, type Reply } from '../support/http-client';
import { OWNER, OWNER_ENV } from '../support/owner';
import { bookingBody, type EditBody, FIXED_NOW, SPEC_RESERVATION_FIELDS } from '../support/reservation-factory';
import { openEventStream } from '../support/sse';
import { NO_FAIR_USE_LIMITS, startTestServer, type TestServer } from '../support/test-server';

const SLOT_TAKEN = 'That time slot has been booked. Please refresh the page.';

describe('reservations over real HTTP', () => {
  let server: TestServer;
  let ann: TestClient;
  let bob: TestClient;
  let admin: TestClient;
  let anonymous: TestClient;
  let address = 100;
  const newClient = () => new TestClient(server.url, {}, `127.0.0.${address++}`);

  beforeAll(async () => {
    // FIXED_NOW, moving one millisecond per reading, so that each write gets its own update time.
    let ticks = 0;
    server = await startTestServer({
      // These tests book many times as one guest: the fair-use limits have tests of their own.
      env: { ...OWNER_ENV, ...NO_FAIR_USE_LIMITS },
      now: () => new Date(FIXED_NOW.getTime() + ticks++),
    });
    [ann, bob, admin, anonymous] = [newClient(), newClient(), newClient(), newClient()];
    await ann.signUp('ann@example.com', 'ann-password-1');
    await bob.signUp('bob@example.com', 'bob-password-1');
    await admin.signIn(OWNER.email, OWNER.password);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('books a table for a guest with automatic assignment, under the account email', async () => {
    const response = await ann.api.reservations.$post({ json: bookingBody() });
    expect(response.status).toBe(201);
    expect(response.body.reservation).toMatchObject({
      tableIds: ['1'],
      startTime: 1700,
      endTime: 1830,
      reservationDate: '2026-11-24',
      email: 'ann@example.com',
      phoneNumber: '5550100199',
      seatType: 'table',
      partySize: 2,
    });
    // The spec's fields, by the spec's names, and nothing else (SPEC section 3).
    expect(Object.keys(response.body.reservation as object).sort()).toEqual([...SPEC_RESERVATION_FIELDS].sort());
    const mine = (await ann.api.reservations.mine.$get()).body.reservations as object[];
    expect(Object.keys(mine[0]!).sort()).toEqual(Object.keys(response.body.reservation as object).sort());
  });

  it('books counter seats from the longest run', async () => {
    const response = await ann.api.reservations.$post({
      json: bookingBody({ seatType: 'counter', partySize: 3, startTime: 1800 }),
    });
    expect(response.status).toBe(201);
    expect(response.body.reservation).toMatchObject({
      tableIds: ['C1', 'C2', 'C3'],
      seatType: 'counter',
      endTime: 1930,
    });
  });

  it.each([
    [{ name: '' }, 'Please enter your name'],
    [{ name: 'A' }, 'Name must be at least 2 characters long'],
    [{ phoneNumber: '' }, 'Please enter your phone number'],
    [{ phoneNumber: '555-0100' }, 'Please enter a valid phone number'],
    [{ reservationDate: '' }, 'Please select a date'],
    [{ reservationDate: '2026-11-30' }, 'We are closed on Mondays'],
    [{ partySize: '' }, 'Please select the number of guests'],
    [{ partySize: 'many' }, 'Please select a valid number of guests'],
    [{ reminderEmail: '' }, 'Please enter an email address for reminders'],
    [{ reminderEmail: 'ann@' }, 'Please enter a valid email address'],
    [{ startTime: undefined }, 'Please select a time for your reservation'],
    [{ startTime: 1715 }, 'Invalid time format selected'],
    [{ startTime: 1761 }, 'Invalid time format selected'],
    [{ reservationDate: '2026-11-22' }, 'Reservations can be made from tomorrow'],
    [{ reservationDate: '2027-01-22' }, 'Reservations can be made up to 60 days ahead'],
    [{ partySize: 7 }, 'For parties of 7 or more, please call us at (555) 010-0199.'],
  ])('refuses %o with the message %s and writes nothing', async (override, message) => {
    const before = (await admin.api.reservations.all.$get()).body.reservations as unknown[];
    const response = await ann.api.reservations.$post({ json: bookingBody(override) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: { message, code: expect.any(String) } });
    expect((await admin.api.reservations.all.$get()).body.reservations).toHaveLength(before.length);
  });

  it('lists the seatings with room, and nothing for a bad date', async () => {
    const times = (
      await ann.api.availability.$get({ query: { date: '2026-11-25', partySize: '2', seatType: 'table' } })
    ).body.times;
    expect(times).toEqual([1700, 1730, 1800, 1830, 1900, 1930, 2000, 2030]);
    expect((await ann.api.availability.$get({ query: { date: '25/11/2026', partySize: '2' } })).body.times).toEqual([]);
    expect((await ann.api.availability.$get({ query: { date: '2026-11-30', partySize: '2' } })).body.times).toEqual([]);
    // Guests cannot use non-reservable seats: 10 reservable counter seats, so 11 never fit.
    expect(
      (await ann.api.availability.$get({ query: { date: '2026-11-25', partySize: '6', seatType: 'counter' } })).body
        .times,
    ).toHaveLength(8);
    expect(
      (await admin.api.availability.$get({ query: { date: '2026-11-25', partySize: '12', seatType: 'counter' } })).body
        .times,
    ).toHaveLength(8);
  });

  it('fills a seating: the next party is told it is booked', async () => {
    // Floor tables reservable for guests: 1(2) 2(2) 3(4) 4(4) 5(4) 6(6). Six parties of 2 at 1900 take them all.
    for (let i = 0; i < 6; i++)
      expect(
        (
          await bob.api.reservations.$post({
            json: bookingBody({ reservationDate: '2026-11-26', startTime: 1900, reminderEmail: 'bob@example.com' }),
          })
        ).status,
      ).toBe(201);
    const full = await bob.api.reservations.$post({
      json: bookingBody({ reservationDate: '2026-11-26', startTime: 1930, reminderEmail: 'bob@example.com' }),
    });
    expect(full).toMatchObject({ status: 409, body: { error: { message: SLOT_TAKEN } } });
    const times = (await bob.api.availability.$get({ query: { date: '2026-11-26', partySize: '2' } })).body.times;
    expect(times).toEqual([1700, 1730, 2030]);
    // The admin still has the non-reservable tables 7 and 8.
    const adminBooking = await admin.api.reservations.$post({
      json: bookingBody({ reservationDate: '2026-11-26', startTime: 1930 }),
    });
    expect(adminBooking.body.reservation.tableIds).toEqual(['7']);
  });

  it('keeps each guest to their own reservations, and hides others as not found', async () => {
    // Ann's own reservation, made here: the test does not rely on what earlier tests booked.
    const booked = await ann.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-12-06' }) });
    expect(booked.status).toBe(201);
    const annsOwn = (await ann.api.reservations.mine.$get()).body.reservations as { id: string; email: string }[];
    expect(annsOwn.length).toBeGreaterThan(0);
    expect(annsOwn.every((reservation) => reservation.email === 'ann@example.com')).toBe(true);
    const target = booked.body.reservation.id;
    expect(annsOwn.map((reservation) => reservation.id)).toContain(target);
    for (const response of [
      await bob.api.reservations[':id'].$get({ param: { id: target } }),
      await bob.api.reservations[':id'].$patch({ param: { id: target }, json: { name: 'Mallory' } }),
      await bob.api.reservations[':id'].$delete({ param: { id: target } }),
    ]) {
      expect(response).toMatchObject({ status: 404, body: { error: { message: 'Reservation not found' } } });
      expect(JSON.stringify(response.body)).not.toContain('ann@example.com');
    }
    expect((await ann.api.reservations[':id'].$get({ param: { id: target } })).body.reservation.name).toBe('Ann Guest');
  });

  it('answers each role at each endpoint as it should', async () => {
    // Each endpoint, and the status for: anonymous, guest, admin.
    const endpoints: [string, (who: TestClient) => Promise<Reply>, [number, number, number]][] = [
      [
        'GET /api/availability?date=2026-11-25&partySize=2',
        (who) => who.api.availability.$get({ query: { date: '2026-11-25', partySize: '2' } }),
        [401, 200, 200],
      ],
      ['GET /api/reservations/mine', (who) => who.api.reservations.mine.$get(), [401, 200, 200]],
      [
        'POST /api/reservations',
        (who) => who.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-12-01' }) }),
        [401, 201, 201],
      ],
      [
        'GET /api/reservations?date=2026-11-24',
        (who) => who.api.reservations.$get({ query: { date: '2026-11-24' } }),
        [401, 403, 200],
      ],
      ['GET /api/reservations/all', (who) => who.api.reservations.all.$get(), [401, 403, 200]],
      ['GET /api/tables', (who) => who.api.tables.$get(), [401, 403, 200]],
      [
        'GET /api/tables/available?date=2026-11-24&startTime=1700&seatType=table',
        (who) => who.api.tables.available.$get({ query: { date: '2026-11-24', startTime: '1700', seatType: 'table' } }),
        [401, 403, 200],
      ],
    ];
    for (const [endpoint, call, expected] of endpoints) {
      const statuses = [];
      for (const who of [anonymous, bob, admin]) statuses.push((await call(who)).status);
      expect(statuses, endpoint).toEqual(expected);
    }
    const denied = await bob.api.reservations.all.$get();
    expect(denied.body.error.message).toBe('Access Denied: Admin privileges required');
  });

  it('guest edits: same tables for a name change, new tables for a new date, the seat type kept', async () => {
    const created = (
      await ann.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-11-27', partySize: 4 }) })
    ).body.reservation;
    expect(created.tableIds).toEqual(['3']);
    const renamed = await ann.api.reservations[':id'].$patch({
      param: { id: created.id },
      json: { name: 'Ann B. Guest' },
    });
    expect(renamed.body.reservation).toMatchObject({ name: 'Ann B. Guest', tableIds: ['3'] });
    // An edit that changes nothing writes nothing: the reservation keeps its last update time.
    for (const body of [{}, { name: 'Ann B. Guest' }, { unknownField: 1 }]) {
      const unchanged = await ann.api.reservations[':id'].$patch({ param: { id: created.id }, json: body });
      expect(unchanged.status).toBe(200);
      expect(unchanged.body.reservation).toEqual(renamed.body.reservation);
    }

    // Someone else takes table 3 on the 28th; Ann's move to the 28th gets the next table that fits.
    await bob.api.reservations.$post({
      json: bookingBody({ reservationDate: '2026-11-28', partySize: 4, reminderEmail: 'bob@example.com' }),
    });
    const moved = await ann.api.reservations[':id'].$patch({
      param: { id: created.id },
      json: {
        reservationDate: '2026-11-28',
        seatType: 'counter',
      },
    });
    expect(moved.body.reservation).toMatchObject({
      reservationDate: '2026-11-28',
      seatType: 'table',
      tableIds: ['4'],
      endTime: 1830,
    });

    const later = await ann.api.reservations[':id'].$patch({ param: { id: created.id }, json: { startTime: 1945 } });
    expect(later.status).toBe(400);
    const retimed = await ann.api.reservations[':id'].$patch({ param: { id: created.id }, json: { startTime: 2000 } });
    expect(retimed.body.reservation).toMatchObject({ startTime: 2000, endTime: 2130 });

    expect(
      (await ann.api.reservations[':id'].$patch({ param: { id: created.id }, json: { tableIds: ['6'] } })).status,
    ).toBe(403);
  });

  it('admin edits: explicit tables checked for existence, conflicts and seats; seat type changes reassign', async () => {
    const created = (
      await ann.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-12-02', partySize: 4 }) })
    ).body.reservation;
    const other = (
      await bob.api.reservations.$post({
        json: bookingBody({ reservationDate: '2026-12-02', partySize: 2, reminderEmail: 'bob@example.com' }),
      })
    ).body.reservation;
    const edit = (changes: EditBody) =>
      admin.api.reservations[':id'].$patch({ param: { id: created.id }, json: changes });
    expect((await edit({ tableIds: ['99'] })).body.error.message).toBe('Invalid table selection');
    expect((await edit({ tableIds: ['1'] })).body.error.message).toBe(
      'Selected seats can only accommodate 2 people, but this reservation is for 4 people.',
    );
    expect((await edit({ tableIds: [other.tableIds[0]!, '2'] })).body.error.message).toBe(SLOT_TAKEN);
    const twoTables = await edit({ tableIds: ['7', '8'] });
    expect(twoTables.body.reservation.tableIds).toEqual(['7', '8']);
    const counter = await edit({ seatType: 'counter' });
    expect(counter.body.reservation).toMatchObject({ seatType: 'counter', tableIds: ['C1', 'C2', 'C3', 'C4'] });
    const tables = (
      await admin.api.tables.available.$get({ query: { date: '2026-12-02', startTime: '1700', seatType: 'counter' } })
    ).body.tables as { id: string }[];
    expect(tables.map((table) => table.id)).toEqual(['C5', 'C6', 'C7', 'C8', 'C9', 'C10', 'C11', 'C12']);
    const excluding = (
      await admin.api.tables.available.$get({
        query: { date: '2026-12-02', startTime: '1700', seatType: 'counter', excludeId: created.id },
      })
    ).body.tables;
    expect(excluding).toHaveLength(12);
  });

  it('cancelling frees the tables', async () => {
    const first = (
      await ann.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-12-03', partySize: 6 }) })
    ).body.reservation;
    expect(first.tableIds).toEqual(['6']);
    expect((await ann.api.reservations[':id'].$delete({ param: { id: first.id } })).status).toBe(200);
    expect((await ann.api.reservations[':id'].$get({ param: { id: first.id } })).status).toBe(404);
    const again = (
      await bob.api.reservations.$post({
        json: bookingBody({ reservationDate: '2026-12-03', partySize: 6, reminderEmail: 'bob@example.com' }),
      })
    ).body.reservation;
    expect(again.tableIds).toEqual(['6']);
  });

  it('lists a guest the reservations from 7 days ago onward', async () => {
    const now = FIXED_NOW.toISOString();
    const row = (id: string, reservationDate: string) => ({
      id,
      tableIds: '[]',
      startTime: 1700,
      endTime: 1830,
      reservationDate,
      email: 'bob@example.com',
      reminderEmail: 'bob@example.com',
      partySize: 2,
      name: 'Bob',
      phoneNumber: '5550100199',
      seatType: 'table' as const,
      specialRequests: null,
      createdAt: now,
      updatedAt: now,
    });
    // Written straight to the database, as reservations made before this test's clock: Bob's account owns them.
    const bobsAccount = await server.database.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'bob@example.com')
      .executeTakeFirstOrThrow();
    await server.database.db
      .insertInto('reservations')
      .values([row('old-8', '2026-11-14'), row('old-7', '2026-11-15')].map((r) => ({ ...r, userId: bobsAccount.id })))
      .execute();
    const ids = ((await bob.api.reservations.mine.$get()).body.reservations as { id: string }[]).map((r) => r.id);
    expect(ids).toContain('old-7');
    expect(ids).not.toContain('old-8');
    expect(ids[0]).toBe('old-7');

    // A reservation that has taken place is the restaurant's record: the guest can no longer change or
    // cancel it; the admin still can.
    for (const response of [
      await bob.api.reservations[':id'].$patch({ param: { id: 'old-7' }, json: { name: 'Bobby' } }),
      await bob.api.reservations[':id'].$delete({ param: { id: 'old-7' } }),
    ]) {
      expect(response).toMatchObject({
        status: 409,
        body: { error: { message: 'This reservation has already begun and can no longer be changed.' } },
      });
    }
    expect((await bob.api.reservations[':id'].$get({ param: { id: 'old-7' } })).body.reservation.name).toBe('Bob');
    expect(
      (await admin.api.reservations[':id'].$patch({ param: { id: 'old-7' }, json: { name: 'Bob B.' } })).status,
    ).toBe(200);
  });

  it('a booking sent again with its id (an answer lost on the way) gets the same reservation back, once', async () => {
    const onDate = async (date: string) =>
      ((await ann.api.reservations.mine.$get()).body.reservations as { id: string; reservationDate: string }[]).filter(
        (reservation) => reservation.reservationDate === date,
      );
    const id = randomUUID();
    const body = bookingBody({ reservationDate: '2026-12-09', startTime: 1800, id });
    const first = await ann.api.reservations.$post({ json: body });
    expect(first.status).toBe(201);
    expect(first.body.reservation.id).toBe(id);
    const again = await ann.api.reservations.$post({ json: body });
    expect(again.status).toBe(201);
    expect(again.body.reservation).toEqual(first.body.reservation);
    expect(await onDate('2026-12-09')).toHaveLength(1);

    // Ten copies at once: one reservation, and every copy answered with it.
    const racingId = randomUUID();
    const copies = await Promise.all(
      Array.from({ length: 10 }, () =>
        ann.api.reservations.$post({
          json: bookingBody({ reservationDate: '2026-12-10', startTime: 1900, id: racingId }),
        }),
      ),
    );
    expect(copies.map((copy) => copy.status)).toEqual(Array(10).fill(201));
    expect(new Set(copies.map((copy) => JSON.stringify(copy.body.reservation))).size).toBe(1);
    expect((await onDate('2026-12-10')).map((reservation) => reservation.id)).toEqual([racingId]);

    // The id of a reservation that exists, with other details or from another account: refused, nothing shown.
    const changed = await ann.api.reservations.$post({ json: { ...body, startTime: 1830 } });
    const someoneElse = await bob.api.reservations.$post({ json: { ...body, reminderEmail: 'bob@example.com' } });
    for (const refused of [changed, someoneElse]) {
      expect(refused).toMatchObject({
        status: 409,
        body: { error: { message: 'This reservation has already been made. Please refresh the page.' } },
      });
      expect(JSON.stringify(refused.body)).not.toContain('ann@example.com');
    }
    expect(await onDate('2026-12-09')).toHaveLength(1);
    expect((await bob.api.reservations.mine.$get()).body.reservations).not.toContainEqual(
      expect.objectContaining({ id }),
    );

    const malformed = await ann.api.reservations.$post({
      json: bookingBody({ reservationDate: '2026-12-11', id: 'abc' }),
    });
    expect(malformed).toMatchObject({ status: 400, body: { error: { message: 'Invalid reservation id' } } });
  });

  it('streams the admin day view: a booking made anywhere arrives as a new snapshot', async () => {
    const snapshots: { reservations: { name: string }[] }[] = [];
    const stream = await openEventStream(
      `${server.url}/api/reservations/stream?date=2026-12-04`,
      admin.cookieHeader(),
      (event, data) => {
        if (event === 'snapshot') snapshots.push(JSON.parse(data) as { reservations: { name: string }[] });
      },
    );
    try {
      await expect.poll(() => snapshots.length).toBe(1);
      expect(snapshots[0]!.reservations).toEqual([]);
      await bob.api.reservations.$post({
        json: bookingBody({ reservationDate: '2026-12-04', name: 'Streamed Bob', reminderEmail: 'bob@example.com' }),
      });
      await expect.poll(() => snapshots.at(-1)?.reservations.map((r) => r.name)).toEqual(['Streamed Bob']);
    } finally {
      await stream.close();
    }
    const refused = await bob.api.reservations.stream.$get({ query: { date: '2026-12-04' } });
    expect(refused.status).toBe(403);
  });

  it('copies of a booking sent at once for the last free table are all answered with the one reservation', async () => {
    // Every floor table but the 6-seat one is taken at 19:00, so the first copy takes the last table, and the
    // copies after it find the time taken: they are resends, and must be answered as such, not told it is taken.
    for (const table of ['1', '2', '3', '4', '5']) {
      const taken = await admin.api.reservations.$post({
        json: bookingBody({ reservationDate: '2026-12-12', startTime: 1900, tableIds: [table], name: 'Walk In' }),
      });
      expect(taken.status).toBe(201);
    }
    const id = randomUUID();
    // Ten connections open first, so the ten copies arrive together: each looks for a reservation of that id
    // before the first is made, and the copies after the first wait in line behind it.
    await Promise.all(Array.from({ length: 10 }, () => ann.api.reservations.mine.$get()));
    const copies = await Promise.all(
      Array.from({ length: 10 }, () =>
        ann.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-12-12', startTime: 1900, id }) }),
      ),
    );
    expect(copies.map((copy) => copy.status)).toEqual(Array(10).fill(201));
    expect(new Set(copies.map((copy) => JSON.stringify(copy.body.reservation))).size).toBe(1);
    expect(copies[0]!.body.reservation).toMatchObject({ id, tableIds: ['6'] });
    // And a different guest after them is told the time is taken.
    const late = await bob.api.reservations.$post({
      json: bookingBody({ reservationDate: '2026-12-12', startTime: 1900, reminderEmail: 'bob@example.com' }),
    });
    expect(late).toMatchObject({ status: 409, body: { error: { message: SLOT_TAKEN } } });
  });

  it("keeps the owner's My Reservations to the owner's own dinners: a booking for a caller belongs to no account", async () => {
    const forCaller = bookingBody({
      id: randomUUID(),
      reservationDate: '2026-12-15',
      name: 'Phone Caller',
      reminderEmail: 'caller@example.com',
    });
    const ownDinner = bookingBody({
      reservationDate: '2026-12-16',
      name: 'Owner Dinner',
      reminderEmail: 'Owner@Example.com',
    });
    const made = await admin.api.reservations.$post({ json: forCaller });
    expect(made.status).toBe(201);
    expect((await admin.api.reservations.$post({ json: ownDinner })).status).toBe(201);
    const names = ((await admin.api.reservations.mine.$get()).body.reservations as { name: string }[]).map(
      (r) => r.name,
    );
    expect(names).toContain('Owner Dinner');
    expect(names).not.toContain('Phone Caller');
    // The caller's booking is still the admin's to see and change, and a lost answer's resend finds it.
    expect((await admin.api.reservations.$post({ json: forCaller })).body.reservation).toEqual(made.body.reservation);
    const day = (await admin.api.reservations.$get({ query: { date: '2026-12-15' } })).body.reservations as {
      name: string;
    }[];
    expect(day.map((r) => r.name)).toContain('Phone Caller');
  });

  it("closes the admin's stream once the admin's session has ended, instead of sending the next snapshot", async () => {
    const owner = newClient();
    await owner.signIn(OWNER.email, OWNER.password);
    const snapshots: string[] = [];
    const stream = await openEventStream(
      `${server.url}/api/reservations/stream?date=2026-12-05`,
      owner.cookieHeader(),
      (event, data) => {
        if (event === 'snapshot') snapshots.push(data);
      },
    );
    let ended = false;
    void stream.ended.then(() => (ended = true));
    try {
      await expect.poll(() => snapshots.length).toBe(1);
      // Better Auth's sign-out, not in ApiRoutes: an untyped request.
      expect((await owner.post('/api/auth/sign-out')).status).toBe(200);
      await bob.api.reservations.$post({
        json: bookingBody({ reservationDate: '2026-12-05', name: 'Unseen Bob', reminderEmail: 'bob@example.com' }),
      });
      // The server ends the stream; nothing about the new booking was sent.
      await expect.poll(() => ended).toBe(true);
      expect(snapshots).toHaveLength(1);
      expect(snapshots.join()).not.toContain('Unseen Bob');
    } finally {
      await stream.close();
    }
  });
});

describe('the last free table under 50 concurrent requests', () => {
  it('books exactly one and tells the other 49 the slot is booked', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'one-table-')), 'restaurant.json');
    writeFileSync(
      file,
      JSON.stringify({
        address: '1 Test Street',
        seatings: { first: '17:00', last: '20:30', everyMinutes: 30 },
        tables: [{ id: '1', numSeats: 2, location: 'floor', isReservable: true }],
      }),
    );
    const server = await startTestServer({
      env: { RESTAURANT_CONFIG: file, ...NO_FAIR_USE_LIMITS },
      now: () => FIXED_NOW,
    });
    try {
      const guest = new TestClient(server.url, {}, '127.0.0.200');
      await guest.signUp('racer@example.com', 'racer-password-1');
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => guest.api.reservations.$post({ json: bookingBody() })),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      const refused = responses.filter((response) => response.status === 409);
      expect(refused).toHaveLength(49);
      expect(refused.every((response) => response.body.error.message === SLOT_TAKEN)).toBe(true);
      const holds = await server.database.db.selectFrom('table_holds').selectAll().execute();
      expect(holds).toHaveLength(3);
      expect(await server.database.db.selectFrom('reservations').selectAll().execute()).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });
});

describe('availability says why a date cannot be booked', () => {
  let server: TestServer;
  let guest: TestClient;
  let admin: TestClient;

  beforeAll(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'closed-date-')), 'restaurant.json');
    const shipped = JSON.parse(readFileSync('config/restaurant.json', 'utf8')) as object;
    writeFileSync(file, JSON.stringify({ ...shipped, closedDates: ['2026-12-24'] }));
    server = await startTestServer({
      env: { RESTAURANT_CONFIG: file, ...OWNER_ENV },
      now: () => FIXED_NOW,
    });
    guest = new TestClient(server.url, {}, '127.0.0.210');
    admin = new TestClient(server.url, {}, '127.0.0.211');
    await guest.signUp('why@example.com', 'why-password-1');
    await admin.signIn(OWNER.email, OWNER.password);
  });
  afterAll(async () => {
    await server.stop();
  });

  const availability = (client: TestClient, date: string) =>
    client.api.availability.$get({ query: { date, partySize: '2', seatType: 'table' } });

  // FIXED_NOW is Sunday 2026-11-22, noon in Los Angeles.
  it.each([
    ['2026-11-22', 'too_soon'], // today: online booking opens tomorrow
    ['2026-11-21', 'past'],
    ['2027-01-21', undefined], // the 60th day ahead, the last a guest may book
    ['2027-01-22', 'too_far'],
    ['2026-12-24', 'closed'], // a closed date of the config
    ['2026-11-30', 'monday'],
    ['25/11/2026', 'invalid'],
  ])('tells a guest, for %s, the reason %s beside the times', async (date, refusal) => {
    const response = await availability(guest, date);
    expect(response.status).toBe(200);
    // The reason is there only for a date that cannot be booked.
    expect(response.body).toEqual(refusal ? { date, times: [], refusal } : { date, times: expect.any(Array) });
    if (!refusal) expect(response.body.times.length).toBeGreaterThan(0);
  });

  it("answers the admin by the admin's own window", async () => {
    expect((await availability(admin, '2026-11-22')).body).toEqual({
      date: '2026-11-22',
      times: [1700, 1730, 1800, 1830, 1900, 1930, 2000, 2030],
    });
    expect((await availability(admin, '2026-11-21')).body.refusal).toBe('past');
    expect((await availability(admin, '2028-11-22')).body).not.toHaveProperty('refusal');
    expect((await availability(admin, '2028-11-23')).body.refusal).toBe('too_far');
    expect((await availability(admin, '2026-12-24')).body.refusal).toBe('closed');
  });

  it('gives no reason for a seating that is only full: it is simply not offered', async () => {
    for (const table of ['1', '2', '3', '4', '5', '6', '7', '8'])
      expect(
        (await admin.api.reservations.$post({ json: bookingBody({ startTime: 1700, tableIds: [table] }) })).status,
      ).toBe(201);
    const response = await guest.api.availability.$get({
      query: { date: '2026-11-24', partySize: '2', seatType: 'table' },
    });
    expect(response.body.times).not.toContain(1700);
    expect(response.body).not.toHaveProperty('refusal');
  });

  it('still refuses a booking on such a date, with the same rule', async () => {
    const response = await guest.api.reservations.$post({
      json: bookingBody({ reservationDate: '2026-12-24', reminderEmail: 'why@example.com' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('We are closed on this date');
  });
});
