import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { movableClock } from '../support/movable-clock';
import { OWNER, OWNER_ENV } from '../support/owner';
import { bookingBody, type BookingBody, FIXED_NOW } from '../support/reservation-factory';
import { openEventStream } from '../support/sse';
import { NO_FAIR_USE_LIMITS, startTestServer, type TestServer } from '../support/test-server';

// The host stand's marks on a party (booking/service-steps.ts) over real HTTP: each step, its undo, the refusals
// (409 with a message the host can act on), the resend of a mark already made, and the history a reservation
// keeps, a cancelled one's included. The restaurant is in Los Angeles; Tuesday 2026-11-24's evening.

/** 5:15 PM in Los Angeles on Tuesday 2026-11-24: the 5:00 PM seating has begun, the 7:00 PM one not yet. */
const TUESDAY_5_15_PM = '2026-11-25T01:15:00.000Z';
/** 6:10 PM that evening. */
const TUESDAY_6_10_PM = '2026-11-25T02:10:00.000Z';
/** 7:20 PM that evening. */
const TUESDAY_7_20_PM = '2026-11-25T03:20:00.000Z';
const DAY = '2026-11-24';

describe("the host's marks on a party", () => {
  let server: TestServer;
  let admin: TestClient;
  let ann: TestClient;
  const clock = movableClock(FIXED_NOW.toISOString());

  beforeAll(async () => {
    server = await startTestServer({ env: { ...OWNER_ENV, ...NO_FAIR_USE_LIMITS }, now: clock.now });
    admin = new TestClient(server.url, {}, '127.0.0.60');
    ann = new TestClient(server.url, {}, '127.0.0.61');
    expect((await admin.signIn(OWNER.email, OWNER.password)).status).toBe(200);
    await ann.signUp('ann@example.com', 'ann-password-1');
  });
  afterAll(async () => {
    await server.stop();
  });

  const mark = (id: string, from: string, to: string) =>
    admin.api.reservations[':id'].service.$post({ param: { id }, json: { from, to } as never });
  const historyOf = async (id: string) => {
    const answer = await admin.api.reservations[':id'].history.$get({ param: { id } });
    expect(answer.status).toBe(200);
    return answer.body.history as Record<string, unknown>[];
  };
  async function book(overrides: Partial<BookingBody>, by: TestClient = ann) {
    const answer = await by.api.reservations.$post({ json: bookingBody({ reservationDate: DAY, ...overrides }) });
    expect(answer.status).toBe(201);
    return answer.body.reservation as { id: string };
  }

  it('takes a party from Booked to Finished by hand, each step recorded with who and when; nothing by the clock', async () => {
    const party = await book({ startTime: 1700, name: 'Ann Early' });
    // Before the day, no mark: the party cannot have come yet.
    const early = await mark(party.id, 'booked', 'arrived');
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('This reservation is for a later date: its party can be marked on the day.');

    clock.moveTo(TUESDAY_5_15_PM);
    const steps: [string, string][] = [
      ['booked', 'arrived'],
      ['arrived', 'seated'],
      ['seated', 'finished'],
    ];
    for (const [from, to] of steps) {
      const answer = await mark(party.id, from, to);
      expect(answer.status, `${from} to ${to}`).toBe(200);
      expect(answer.body.reservation.service.status).toBe(to);
    }
    const day = (await admin.api.reservations.$get({ query: { date: DAY } })).body.reservations as {
      id: string;
      service: { status: string; since: string };
    }[];
    expect(day.find((r) => r.id === party.id)?.service.status).toBe('finished');

    const history = await historyOf(party.id);
    expect(history.map(({ action, by, role, before, after }) => ({ action, by, role, before, after }))).toEqual([
      {
        action: 'created',
        by: 'guest',
        role: 'guest',
        before: null,
        after: { reservationDate: DAY, startTime: 1700, partySize: 2, seatType: 'table', tableIds: ['1'] },
      },
      { action: 'status', by: OWNER.email, role: 'admin', before: { status: 'booked' }, after: { status: 'arrived' } },
      { action: 'status', by: OWNER.email, role: 'admin', before: { status: 'arrived' }, after: { status: 'seated' } },
      { action: 'status', by: OWNER.email, role: 'admin', before: { status: 'seated' }, after: { status: 'finished' } },
    ]);
    // The guest's own view carries no status.
    const own = (await ann.api.reservations.mine.$get()).body.reservations as object[];
    for (const reservation of own) expect(reservation).not.toHaveProperty('service');
  });

  it('refuses what cannot follow, a No-show before the seating, and a mark made on a status since changed', async () => {
    clock.moveTo(TUESDAY_5_15_PM);
    // On the day itself only the admin books (a phone call).
    const later = await book({ startTime: 1900, name: 'Ann Later' }, admin);
    const finishedFirst = await mark(later.id, 'booked', 'finished');
    expect(finishedFirst.status).toBe(409);
    expect(finishedFirst.body.error.message).toBe('A party that is Booked cannot be marked Finished.');
    const noShowEarly = await mark(later.id, 'booked', 'no-show');
    expect(noShowEarly.status).toBe(409);
    expect(noShowEarly.body.error.message).toBe('A party can be marked No-show only once its seating has begun.');

    expect((await mark(later.id, 'booked', 'arrived')).status).toBe(200);
    // A second host, whose screen still says Booked, marks the party Seated: refused, and told why.
    const stale = await mark(later.id, 'booked', 'seated');
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe('This party is Arrived now: someone changed it meanwhile.');
    // The same mark sent again (its answer was lost): done already, and recorded once.
    const resent = await mark(later.id, 'booked', 'arrived');
    expect(resent.status).toBe(200);
    expect(resent.body.reservation.service.status).toBe('arrived');
    expect((await historyOf(later.id)).filter((line) => line.action === 'status')).toHaveLength(1);
    // An arrived party is no no-show.
    expect((await mark(later.id, 'arrived', 'no-show')).status).toBe(409);
    // Undo goes back one step.
    const undone = await mark(later.id, 'arrived', 'booked');
    expect(undone.status).toBe(200);
    expect(undone.body.reservation.service).toEqual({
      status: 'booked',
      since: null,
      undoTo: null,
      freedFrom: null,
      walkIn: false,
    });

    clock.moveTo(TUESDAY_7_20_PM);
    const noShow = await mark(later.id, 'booked', 'no-show');
    expect(noShow.status).toBe(200);
    // Since when: the instant it was marked, on the server's clock (which runs on from the moment moved to).
    expect(noShow.body.reservation.service).toEqual({
      status: 'no-show',
      since: expect.stringMatching(/^2026-11-25T03:20:/),
      undoTo: 'booked',
      // Its tables are let go from the next half hour.
      freedFrom: 1930,
      walkIn: false,
    });
  });

  it("keeps a cancelled reservation's history, and refuses it a mark with a reason", async () => {
    clock.moveTo(FIXED_NOW.toISOString());
    const party = await book({ startTime: 2030, name: 'Ann Cancels', partySize: 3 });
    const edit = (json: { partySize?: number; name?: string }) =>
      ann.api.reservations[':id'].$patch({ param: { id: party.id }, json });
    expect((await edit({ partySize: 4 })).status).toBe(200);
    expect((await edit({ name: 'Ann Renamed' })).status).toBe(200);
    expect(
      (await admin.api.reservations[':id'].$patch({ param: { id: party.id }, json: { tableIds: ['6'] } })).status,
    ).toBe(200);
    expect((await ann.api.reservations[':id'].$delete({ param: { id: party.id } })).status).toBe(200);

    clock.moveTo(TUESDAY_5_15_PM);
    const refused = await mark(party.id, 'booked', 'arrived');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('This reservation was cancelled: its party can no longer be marked.');
    const history = await historyOf(party.id);
    expect(history.map((line) => line.action)).toEqual(['created', 'edited', 'edited', 'seats', 'cancelled']);
    // An edit records the fields it changed; a personal detail's values it keeps out (null).
    expect(history[1]).toMatchObject({ by: 'guest', before: { partySize: 3 }, after: { partySize: 4 } });
    expect(history[2]).toMatchObject({ by: 'guest', before: { name: null }, after: { name: null } });
    expect(JSON.stringify(history)).not.toContain('Ann Renamed');
    expect(history[3]).toMatchObject({ by: OWNER.email, after: { tableIds: ['6'] } });
    // Cancelled on Sunday at noon for Tuesday at 8:30 PM: 2 days and 8.5 hours before.
    expect(history[4]).toMatchObject({
      by: 'guest',
      before: { reservationDate: DAY, startTime: 2030, partySize: 4, tableIds: ['6'] },
      after: { minutesBeforeSeating: 2 * 24 * 60 + 8 * 60 + 30 },
    });
    expect((await admin.api.reservations[':id'].history.$get({ param: { id: 'never-booked' } })).status).toBe(404);
    expect((await mark('never-booked', 'booked', 'arrived')).status).toBe(404);
  });

  it("tells the admin's live day view of each mark", async () => {
    clock.moveTo(TUESDAY_5_15_PM);
    const party = await book({ startTime: 1730, name: 'Ann Streamed' }, admin);
    const statuses: string[] = [];
    const stream = await openEventStream(
      `${server.url}/api/reservations/stream?date=${DAY}`,
      admin.cookieHeader(),
      (event, data) => {
        if (event !== 'snapshot') return;
        const { reservations } = JSON.parse(data) as { reservations: { id: string; service: { status: string } }[] };
        statuses.push(reservations.find((r) => r.id === party.id)!.service.status);
      },
    );
    try {
      await expect.poll(() => statuses).toEqual(['booked']);
      expect((await mark(party.id, 'booked', 'seated')).status).toBe(200);
      await expect.poll(() => statuses).toEqual(['booked', 'seated']);
    } finally {
      await stream.close();
    }
  });

  it("frees a party's tables from the next half hour when it finishes early, and takes them back on Undo", async () => {
    clock.moveTo(TUESDAY_5_15_PM);
    const party = await book({ startTime: 1730, name: 'Ann Quick', partySize: 4, tableIds: ['4'] }, admin);
    expect((await mark(party.id, 'booked', 'seated')).status).toBe(200);
    const nextParty = () =>
      admin.api.reservations.$post({
        json: bookingBody({ reservationDate: DAY, startTime: 1830, name: 'Next Party', partySize: 4, tableIds: ['4'] }),
      });
    clock.moveTo(TUESDAY_6_10_PM);
    // Seated until 7:00 PM: table 4 is not free at 6:30.
    expect((await nextParty()).status).toBe(409);

    const finished = await mark(party.id, 'seated', 'finished');
    expect(finished.status).toBe(200);
    // Finished at 6:10 PM: the table is free from the next half hour on, 6:30 PM.
    expect(finished.body.reservation.service).toMatchObject({ status: 'finished', freedFrom: 1830 });
    const taken = await nextParty();
    expect(taken.status).toBe(201);

    // Undo of Finished would need the table back: refused while another party has it, and nothing changed.
    const undo = await mark(party.id, 'finished', 'seated');
    expect(undo.status).toBe(409);
    expect(undo.body.error.message).toBe(
      "This party's tables have been given to another party since they were let go: move that party first to undo this.",
    );
    expect((await historyOf(party.id)).filter((line) => line.action === 'status')).toHaveLength(2);

    const nextId = (taken.body.reservation as { id: string }).id;
    expect((await admin.api.reservations[':id'].$delete({ param: { id: nextId } })).status).toBe(200);
    const undone = await mark(party.id, 'finished', 'seated');
    expect(undone.status).toBe(200);
    expect(undone.body.reservation.service).toMatchObject({ status: 'seated', freedFrom: null });
    // Seated again, it holds the table to 7:00 PM.
    expect((await nextParty()).status).toBe(409);
  });

  it('lets a No-show go, frees nothing before a seating begins, keeps a freed table free on Change Seats, and unmarks a moved party', async () => {
    const bookAt = (startTime: number, tableId: string, name: string) =>
      book({ startTime, name, partySize: 2, tableIds: [tableId] }, admin);
    const bookable = async (startTime: number, tableId: string) => {
      const answer = await admin.api.reservations.$post({
        json: bookingBody({ reservationDate: DAY, startTime, name: 'Taker', partySize: 2, tableIds: [tableId] }),
      });
      return answer.status;
    };
    clock.moveTo(TUESDAY_5_15_PM);
    const before = await bookAt(1800, '5', 'Six O Clock');
    const late = await bookAt(2000, '5', 'Eight O Clock, Early');
    const missing = await bookAt(1730, '8', 'Never Came');
    const moving = await bookAt(1900, '7', 'Moves Tomorrow');

    clock.moveTo(TUESDAY_6_10_PM);
    // The 8 PM party came early, sat at the bar table and left: nothing of table 5 before 8 PM was theirs to free,
    // and Undo does not take the 6 PM party's half hours.
    expect((await mark(late.id, 'booked', 'seated')).status).toBe(200);
    const finished = await mark(late.id, 'seated', 'finished');
    expect(finished.body.reservation.service).toMatchObject({ status: 'finished', freedFrom: 2000 });
    expect((await mark(late.id, 'finished', 'seated')).status).toBe(200);
    expect((await mark(late.id, 'seated', 'finished')).status).toBe(200);
    expect(before.id).toBeTruthy();

    // A No-show lets the table go from the next half hour, as Finished does.
    const noShow = await mark(missing.id, 'booked', 'no-show');
    expect(noShow.body.reservation.service).toMatchObject({ status: 'no-show', freedFrom: 1830 });
    expect(await bookable(1830, '8')).toBe(201);

    // Change Seats for a party that finished early keeps its new table free from when it left.
    expect((await mark(moving.id, 'booked', 'seated')).status).toBe(200);
    expect((await mark(moving.id, 'seated', 'finished')).status).toBe(200);
    const reseated = await admin.api.reservations[':id'].$patch({
      param: { id: moving.id },
      json: { tableIds: ['2'] },
    });
    expect(reseated.status).toBe(200);
    expect(await bookable(1930, '2')).toBe(201);

    // A party moved to another date starts its night again: the marks come off.
    const arrived = await bookAt(1930, '3', 'Wrong Night');
    expect((await mark(arrived.id, 'booked', 'arrived')).status).toBe(200);
    const moved = await admin.api.reservations[':id'].$patch({
      param: { id: arrived.id },
      json: { reservationDate: '2026-11-25' },
    });
    expect(moved.status).toBe(200);
    const next = (await admin.api.reservations.$get({ query: { date: '2026-11-25' } })).body.reservations as {
      id: string;
      service: { status: string };
    }[];
    expect(next.find((r) => r.id === arrived.id)?.service.status).toBe('booked');
  });

  it('refuses a body that is not a status', async () => {
    const party = await book({ startTime: 1700, reservationDate: '2026-11-25', name: 'Ann Body' });
    for (const json of [
      { from: 'booked', to: 'gone' },
      { from: 'booked' },
      { from: 'booked', to: 'seated', extra: 1 },
    ]) {
      const answer = await admin.api.reservations[':id'].service.$post({
        param: { id: party.id },
        json: json as never,
      });
      expect(answer.status, JSON.stringify(json)).toBe(400);
    }
  });
});
