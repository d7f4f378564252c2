import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rangesOverlap } from '../../src/booking/clock';
import type { SeatBlock } from '../../src/shared/seat-block';
import { auditBook } from '../support/book-integrity';
import { TestClient } from '../support/http-client';
import { OWNER, OWNER_ENV } from '../support/owner';
import { availableTimes, DEFAULT_SEATINGS } from '../support/owner-settings';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';
import { openEventStream } from '../support/sse';
import { NO_FAIR_USE_LIMITS, startTestServer, type TestServer } from '../support/test-server';

// Blocked seats over real HTTP (docs/decisions/0017-the-host-stand.md): a block hides its seats from guests and the
// automatic assignment at once, the admin may still book them by choosing them, a block over a reservation is
// refused with the reservation named, and a block and bookings racing for the same seats never both get them.
// The clock is Sunday 2026-11-22 at noon in Los Angeles: guests book from Tuesday the 24th.

const FLOOR_RESERVABLE = ['1', '2', '3', '4', '5', '6'];

describe('blocked seats', () => {
  let server: TestServer;
  let admin: TestClient;
  let ann: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ env: { ...OWNER_ENV, ...NO_FAIR_USE_LIMITS }, now: () => FIXED_NOW });
    admin = new TestClient(server.url, {}, '127.0.0.80');
    ann = new TestClient(server.url, {}, '127.0.0.81');
    expect((await admin.signIn(OWNER.email, OWNER.password)).status).toBe(200);
    await ann.signUp('ann@example.com', 'ann-password-1');
  });
  afterAll(async () => {
    await server.stop();
  });

  const block = (json: Record<string, unknown>) => admin.api.blocks.$post({ json: json as never });
  const blocksOn = async (date: string) =>
    (await admin.api.blocks.$get({ query: { date } })).body.blocks as SeatBlock[];
  const bookAs = (client: TestClient, date: string, startTime: number, extra: Record<string, unknown> = {}) =>
    client.api.reservations.$post({ json: bookingBody({ reservationDate: date, startTime, ...extra }) });

  it("hides the blocked seats' times from a guest at once, and offers them again once the block goes", async () => {
    const date = '2026-11-24';
    expect((await availableTimes(ann, date)).times).toEqual(DEFAULT_SEATINGS);
    const made = await block({
      tableIds: FLOOR_RESERVABLE,
      firstDate: date,
      startTime: 1900,
      endTime: 2100,
      note: 'held for regulars',
    });
    expect(made.status).toBe(201);
    const created = made.body.block;
    expect(created).toMatchObject({ lastDate: date, startTime: 1900, endTime: 2100, note: 'held for regulars' });
    // Only the seatings that end by 7:00 PM are left to guests.
    expect((await availableTimes(ann, date)).times).toEqual([1700, 1730]);
    const refused = await bookAs(ann, date, 1900);
    expect(refused.status).toBe(409);
    expect((await blocksOn(date)).map((b) => b.id)).toEqual([created.id]);

    expect((await admin.api.blocks[':id'].$delete({ param: { id: created.id } })).status).toBe(200);
    expect((await availableTimes(ann, date)).times).toEqual(DEFAULT_SEATINGS);
    expect((await admin.api.blocks[':id'].$delete({ param: { id: created.id } })).status).toBe(404);
  });

  it('keeps the automatic assignment off blocked seats; the admin may book one by choosing it', async () => {
    const date = '2026-11-25';
    const made = await block({ tableIds: ['1'], firstDate: date, note: 'wobbly chair' });
    expect(made.status).toBe(201);
    expect(made.body.block).toMatchObject({ startTime: 0, endTime: 2400 });
    // A party of 2 goes to table 2 while table 1 is blocked all day.
    const auto = await bookAs(admin, date, 1800, { name: 'Auto Party' });
    expect(auto.status).toBe(201);
    expect((auto.body.reservation as { tableIds: string[] }).tableIds).toEqual(['2']);
    // The admin's picker still offers table 1, marked blocked.
    const picker = await admin.api.tables.available.$get({
      query: { date, startTime: '1800', seatType: 'table' },
    });
    expect((picker.body.tables as { id: string; blocked?: boolean }[]).find((t) => t.id === '1')).toMatchObject({
      blocked: true,
    });
    const chosen = await bookAs(admin, date, 1800, { name: 'Chosen Party', tableIds: ['1'] });
    expect(chosen.status).toBe(201);
    // The block stays for the rest of the day; the book holds every table once.
    expect((await blocksOn(date)).map((b) => b.tableIds)).toEqual([['1']]);
    const audit = await auditBook(server.testDatabase.url);
    expect({ doubles: audit.doubleBookings, mismatches: audit.holdMismatches, engine: audit.engineCheck }).toEqual({
      doubles: 0,
      mismatches: 0,
      engine: 'ok',
    });
    // A guest is still not offered table 1 at another time that day.
    const guest = await bookAs(ann, date, 2000, { partySize: 2 });
    expect((guest.body.reservation as { tableIds: string[] }).tableIds).not.toContain('1');
  });

  it('refuses a block over a reservation (naming it), over another block, before today, or unclear', async () => {
    const date = '2026-11-26';
    const party = (await bookAs(ann, date, 1900, { name: 'Ann Booked', tableIds: undefined })).body.reservation as {
      id: string;
      tableIds: string[];
    };
    const over = await block({ tableIds: party.tableIds, firstDate: date, startTime: 2000, endTime: 2100, note: 'x' });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(
      'Blocking these seats would leave 1 reservation without its tables. Move it to other tables with Change Seats first, or block other seats or times.',
    );
    expect((over.body.error.reservations as { id: string }[]).map((r) => r.id)).toEqual([party.id]);
    // After that party's seating the seats are free to block.
    expect(
      (await block({ tableIds: party.tableIds, firstDate: date, startTime: 2030, endTime: 2200, note: 'late' })).status,
    ).toBe(201);
    const twice = await block({ tableIds: party.tableIds, firstDate: date, startTime: 2100, endTime: 2130, note: 'y' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('Some of these seats are blocked already then ("late").');

    const bad = async (json: Record<string, unknown>) => {
      const answer = await block({ tableIds: ['3'], firstDate: date, note: 'n', ...json });
      return [answer.status, (answer.body as { error?: { message: string } }).error?.message];
    };
    expect(await bad({ firstDate: '2026-11-21' })).toEqual([400, 'Seats can be blocked from today on']);
    expect(await bad({ tableIds: ['99'] })).toEqual([400, 'Choose tables and counter seats that are in use']);
    expect(await bad({ startTime: 1900 })).toEqual([
      400,
      'Choose both a start and an end time, or neither for whole days',
    ]);
    expect(await bad({ startTime: 2000, endTime: 1900 })).toEqual([400, 'The end time must be after the start time']);
    expect(await bad({ startTime: 1915, endTime: 2000 })).toEqual([400, 'Choose a time on the hour or the half hour']);
    expect(await bad({ lastDate: '2027-01-30' })).toEqual([400, 'One block covers at most 31 dates']);
    expect(await bad({ note: '   ' })).toEqual([
      400,
      'Say why these seats are blocked (a short note, such as "held for regulars")',
    ]);
  });

  it("tells the admin's live day view of a block on its date", async () => {
    const date = '2026-12-01';
    const events: string[] = [];
    const stream = await openEventStream(
      `${server.url}/api/reservations/stream?date=${date}`,
      admin.cookieHeader(),
      (event) => events.push(event),
    );
    try {
      await expect.poll(() => events).toContain('snapshot');
      // Whole dates, from the day before through this one.
      expect(
        (await block({ tableIds: ['C1', 'C2'], firstDate: '2026-11-30', lastDate: date, note: 'staff dinner' })).status,
      ).toBe(201);
      await expect.poll(() => events).toContain('blocks');
    } finally {
      await stream.close();
    }
    expect((await blocksOn('2026-11-30')).map((b) => b.tableIds)).toEqual([['C1', 'C2']]);
    expect(await blocksOn('2026-12-02')).toEqual([]);
  });

  it('a block and bookings racing for the same seats: never both', async () => {
    const outcomes: string[] = [];
    for (const date of ['2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']) {
      const [made, ...bookings] = await Promise.all([
        block({ tableIds: FLOOR_RESERVABLE, firstDate: date, startTime: 1900, endTime: 2030, note: 'private party' }),
        ...Array.from({ length: 8 }, () => bookAs(ann, date, 1900)),
      ]);
      const booked = bookings.filter((answer) => answer.status === 201).length;
      expect(bookings.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
      if (made.status === 201) {
        // The block won: no party on its seats in its time.
        const blocked = made.body.block;
        const day = (await admin.api.reservations.$get({ query: { date } })).body.reservations as {
          tableIds: string[];
          startTime: number;
          endTime: number;
        }[];
        const overlapping = day.filter(
          (r) => rangesOverlap(r, blocked) && r.tableIds.some((id) => blocked.tableIds.includes(id)),
        );
        expect(overlapping).toEqual([]);
        expect(booked).toBe(0);
      } else {
        expect(made.status).toBe(409);
        expect(booked).toBeGreaterThan(0);
      }
      outcomes.push(`${made.status === 201 ? 'block' : 'bookings'} (${booked} booked)`);
    }
    const audit = await auditBook(server.testDatabase.url);
    expect({ doubles: audit.doubleBookings, mismatches: audit.holdMismatches, engine: audit.engineCheck }).toEqual({
      doubles: 0,
      mismatches: 0,
      engine: 'ok',
    });
    expect(outcomes).toHaveLength(5);
  });
});
