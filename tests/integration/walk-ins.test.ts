import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditBook } from '../support/book-integrity';
import { TestClient } from '../support/http-client';
import { movableClock } from '../support/movable-clock';
import { OWNER, OWNER_ENV } from '../support/owner';
import { floorTableIds, holdTables, SLOT_TAKEN } from '../support/owner-settings';
import { bookingBody } from '../support/reservation-factory';
import { NO_FAIR_USE_LIMITS, startTestServer, type TestServer } from '../support/test-server';

// Walk-ins over real HTTP (docs/decisions/0017-the-host-stand.md): the host seats a party at the door with no
// account and no email, from the half hour under way for 90 minutes, Seated at once; the database's key on the
// table holds decides a walk-in racing bookings for the last table. The restaurant is in Los Angeles; Tuesday
// 2026-11-24, 7:20 PM.

const DAY = '2026-11-24';
/** 7:20 PM in Los Angeles on Tuesday 2026-11-24: the block under way is 7:00 PM's. */
const TUESDAY_7_20_PM = '2026-11-25T03:20:00.000Z';
/** 5:15 PM that evening. */
const TUESDAY_5_15_PM = '2026-11-25T01:15:00.000Z';
/** 11:10 PM that evening. */
const TUESDAY_11_10_PM = '2026-11-25T07:10:00.000Z';

type WalkInAnswer = {
  id: string;
  tableIds: string[];
  startTime: number;
  endTime: number;
  service: { status: string; walkIn: boolean };
};

describe('walk-ins', () => {
  let server: TestServer;
  let admin: TestClient;
  const clock = movableClock(TUESDAY_7_20_PM);

  beforeEach(async () => {
    clock.moveTo(TUESDAY_7_20_PM);
    server = await startTestServer({ env: { ...OWNER_ENV, ...NO_FAIR_USE_LIMITS }, now: clock.now });
    admin = new TestClient(server.url, {}, '127.0.0.70');
    expect((await admin.signIn(OWNER.email, OWNER.password)).status).toBe(200);
  });
  afterEach(async () => {
    await server.stop();
  });

  const seatWalkIn = (json: Record<string, unknown>) => admin.api['walk-ins'].$post({ json: json as never });
  const bookTonight = (startTime: number, tableIds: string[], partySize = 2) =>
    admin.api.reservations.$post({
      json: bookingBody({ reservationDate: DAY, startTime, tableIds, partySize, name: `Booked ${tableIds.join()}` }),
    });

  it('seats a party of 2 with no account and no email, from the half hour under way for 90 minutes, Seated', async () => {
    const answer = await seatWalkIn({ partySize: 2, seatType: 'table' });
    expect(answer.status).toBe(201);
    const walkIn = answer.body.reservation as WalkInAnswer & Record<string, unknown>;
    expect(walkIn).toMatchObject({
      reservationDate: DAY,
      startTime: 1900,
      endTime: 2030,
      partySize: 2,
      email: '',
      reminderEmail: '',
      name: '',
      phoneNumber: '',
      service: { status: 'seated', walkIn: true, undoTo: 'booked' },
    });
    expect(walkIn.tableIds).toHaveLength(1);

    const day = (await admin.api.reservations.$get({ query: { date: DAY } })).body.reservations as WalkInAnswer[];
    expect(day.find((r) => r.id === walkIn.id)?.service).toMatchObject({ status: 'seated', walkIn: true });
    const history = (await admin.api.reservations[':id'].history.$get({ param: { id: walkIn.id } })).body
      .history as Record<string, unknown>[];
    expect(history).toEqual([
      expect.objectContaining({
        action: 'created',
        by: OWNER.email,
        after: {
          reservationDate: DAY,
          startTime: 1900,
          partySize: 2,
          seatType: 'table',
          tableIds: walkIn.tableIds,
          walkIn: true,
        },
      }),
    ]);
    // No email of any kind, now or from the reminder job.
    await server.reminders.runOnce();
    const mail = await server.database.db.selectFrom('mail_outbox').select('id').execute();
    expect(mail).toEqual([]);

    // A name and phone when the party gives them; the counter by the seat; tables of the host's choosing.
    const named = await seatWalkIn({ partySize: 1, seatType: 'counter', name: ' Kenji ', phoneNumber: '555-010-0123' });
    expect(named.status).toBe(201);
    expect(named.body.reservation).toMatchObject({ name: 'Kenji', phoneNumber: '5550100123', seatType: 'counter' });
    expect((named.body.reservation as WalkInAnswer).tableIds[0]).toMatch(/^C/);
    const chosen = await seatWalkIn({ partySize: 4, tableIds: ['8'], name: '   ' });
    expect(chosen.status).toBe(201);
    expect(chosen.body.reservation).toMatchObject({ tableIds: ['8'], name: '' });
  });

  it('refuses what cannot be seated, and answers a resend with the walk-in it made', async () => {
    const noParty = await seatWalkIn({ seatType: 'table' });
    expect(noParty.status).toBe(400);
    expect((await seatWalkIn({ partySize: 2, phoneNumber: '12' })).status).toBe(400);
    expect((await seatWalkIn({ partySize: 2, email: 'someone@example.com' })).status).toBe(400);
    // The chosen table is taken in the half hour under way.
    expect((await bookTonight(1930, ['3'])).status).toBe(201);
    const taken = await seatWalkIn({ partySize: 2, tableIds: ['3'] });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(SLOT_TAKEN);
    // A table too small.
    expect((await seatWalkIn({ partySize: 5, tableIds: ['1'] })).status).toBe(400);

    const id = crypto.randomUUID();
    const first = await seatWalkIn({ id, partySize: 2 });
    const again = await seatWalkIn({ id, partySize: 2 });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.reservation).toEqual(first.body.reservation);
    const lines = (await admin.api.reservations[':id'].history.$get({ param: { id } })).body.history as unknown[];
    expect(lines).toHaveLength(1);
    // The same id with another party is not a resend.
    expect((await seatWalkIn({ id, partySize: 3 })).status).toBe(409);

    // Seated for 90 minutes: from 11:00 PM that would run past midnight.
    clock.moveTo(TUESDAY_11_10_PM);
    const late = await seatWalkIn({ partySize: 2 });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe('A walk-in is seated for 90 minutes, which would run past midnight.');
  });

  it('seats a walk-in at a table a party has just left, from the next half hour; never where a party still sits', async () => {
    clock.moveTo(TUESDAY_5_15_PM);
    // Table 4's party would hold it to 8:00 PM; table 3's to 7:30.
    const leaving = (await bookTonight(1830, ['4'], 4)).body.reservation as { id: string };
    const staying = (await bookTonight(1800, ['3'], 4)).body.reservation as { id: string };
    const floor = await floorTableIds(admin);
    await holdTables(
      admin,
      DAY,
      floor.filter((id) => id !== '3' && id !== '4'),
      { startTime: 1900 },
    );
    const mark = (id: string, from: string, to: string) =>
      admin.api.reservations[':id'].service.$post({ param: { id }, json: { from, to } as never });
    for (const id of [leaving.id, staying.id]) expect((await mark(id, 'booked', 'seated')).status).toBe(200);

    clock.moveTo(TUESDAY_7_20_PM);
    // Every table is held at 7:00 PM; table 3's party is still at it until 7:30.
    expect((await seatWalkIn({ partySize: 2, tableIds: ['3'] })).status).toBe(409);
    expect((await seatWalkIn({ partySize: 2 })).status).toBe(409);

    expect((await mark(leaving.id, 'seated', 'finished')).status).toBe(200);
    const seated = await seatWalkIn({ partySize: 2 });
    expect(seated.status).toBe(201);
    expect(seated.body.reservation).toMatchObject({ tableIds: ['4'], startTime: 1930, endTime: 2100 });
    const audit = await auditBook(server.testDatabase.url);
    expect({ doubleBookings: audit.doubleBookings, holdMismatches: audit.holdMismatches }).toEqual({
      doubleBookings: 0,
      holdMismatches: 0,
    });
  });

  it('a walk-in and bookings racing for the last free table: exactly one gets it, no table held twice', async () => {
    clock.moveTo(TUESDAY_5_15_PM);
    const floor = await floorTableIds(admin);
    const last = floor.find((id) => id === '6')!;
    await holdTables(
      admin,
      DAY,
      floor.filter((id) => id !== last),
      { startTime: 1900 },
    );
    clock.moveTo(TUESDAY_7_20_PM);
    // Guests book from tomorrow (the spec), so tonight's other takers are other hosts' walk-ins and the admin's phone
    // bookings (10 for the table by name, 10 for any table that seats 6), all at once.
    const attempts = await Promise.all([
      ...Array.from({ length: 10 }, () => seatWalkIn({ partySize: 2 })),
      ...Array.from({ length: 10 }, () => bookTonight(1930, [last])),
      ...Array.from({ length: 10 }, () =>
        admin.api.reservations.$post({ json: bookingBody({ reservationDate: DAY, startTime: 2000, partySize: 6 }) }),
      ),
    ]);
    const statuses = attempts.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(29);
    const audit = await auditBook(server.testDatabase.url);
    expect(audit.doubleBookings).toBe(0);
    expect(audit.engineCheck).toBe('ok');
  });
});
