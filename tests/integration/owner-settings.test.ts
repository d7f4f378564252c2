import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CONFIG_PLACEHOLDER } from '../../src/server/http/spa';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../src/shared/public-config';
import { TestClient } from '../support/http-client';
import { waitForEmail } from '../support/outbox';
import {
  DEFAULT_SEATINGS,
  openRestaurant,
  readSettings,
  weeklyHours,
  type Restaurant,
  UNLIMITED_RULES,
  type WeekHours,
} from '../support/owner-settings';
import { coversCapMessages } from '../../src/booking/party-size';
import { COUNTER_SEAT_SEATS_ONE } from '../../src/booking/settings-schemas';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';

// The owner's settings (issue 16) over real HTTP: each change is live at once for availability and booking,
// with no restart. FIXED_NOW is Sunday 2026-11-22, noon in Los Angeles: guests book from Tuesday the 24th.

const SLOT_TAKEN = 'That time slot has been booked. Please refresh the page.';

const availableTimes = async (
  client: TestClient,
  date: string,
  partySize = 2,
  seatType: 'table' | 'counter' = 'table',
) => {
  const answer = await client.api.availability.$get({ query: { date, partySize: String(partySize), seatType } });
  expect(answer.status).toBe(200);
  return answer.body;
};

/** The admin books these tables at `startTime` on `date`, one party of 2 (or 1 at the counter) each. */
async function holdTables(
  admin: TestClient,
  date: string,
  tableIds: string[],
  { startTime = 1700, seatType = 'table' }: { startTime?: number; seatType?: 'table' | 'counter' } = {},
) {
  for (const id of tableIds) {
    const answer = await admin.api.reservations.$post({
      json: bookingBody({
        reservationDate: date,
        startTime,
        seatType,
        partySize: seatType === 'counter' ? 1 : 2,
        tableIds: [id],
        name: `Hold ${id}`,
      }),
    });
    expect(answer.status, `holding table ${id}: ${JSON.stringify(answer.body)}`).toBe(201);
  }
}

const floorTableIds = async (admin: TestClient) =>
  ((await admin.api.tables.$get()).body.tables as { id: string; location: string }[])
    .filter((table) => table.location === 'floor')
    .map((table) => table.id);

describe('tables: added, changed and retired while the book is open', () => {
  let restaurant: Restaurant;
  let admin: TestClient;
  let guest: TestClient;

  beforeAll(async () => {
    restaurant = await openRestaurant({ now: () => FIXED_NOW });
    ({ admin } = restaurant);
    guest = restaurant.guests[0]!;
  });
  afterAll(async () => {
    await restaurant?.stop();
  });

  it('offers and assigns a table the moment it is added', async () => {
    const date = '2026-11-25';
    await holdTables(admin, date, await floorTableIds(admin));
    expect((await availableTimes(guest, date)).times).not.toContain(1700);

    const added = await admin.api.settings.tables.$post({
      json: { location: 'floor', numSeats: 2, isReservable: true },
    });
    expect(added.status).toBe(201);
    // The next number, after the last place of the floor.
    expect(added.body.table).toEqual({ id: '9', location: 'floor', numSeats: 2, isReservable: true, position: 9 });

    expect((await availableTimes(guest, date)).times).toContain(1700);
    const booked = await guest.api.reservations.$post({ json: bookingBody({ reservationDate: date }) });
    expect(booked.status).toBe(201);
    expect(booked.body.reservation.tableIds).toEqual(['9']);
    expect(await floorTableIds(admin)).toContain('9');
  });

  it('offers a table added as not bookable online to the admin only; a counter seat joins the counter', async () => {
    const date = '2026-11-27';
    await holdTables(admin, date, await floorTableIds(admin));
    const added = await admin.api.settings.tables.$post({
      json: { location: 'floor', numSeats: 4, isReservable: false },
    });
    expect(added.status).toBe(201);
    const id = added.body.table.id;
    expect((await availableTimes(guest, date)).times).not.toContain(1700);
    expect((await availableTimes(admin, date)).times).toContain(1700);
    const free = await admin.api.tables.available.$get({ query: { date, startTime: '1700', seatType: 'table' } });
    expect((free.body.tables as { id: string }[]).map((table) => table.id)).toEqual([id]);

    // A counter seat: with the ten that guests may book all taken at 18:00, the new one is offered and given.
    await holdTables(
      admin,
      date,
      Array.from({ length: 10 }, (_, i) => `C${i + 1}`),
      { startTime: 1800, seatType: 'counter' },
    );
    expect((await availableTimes(guest, date, 1, 'counter')).times).not.toContain(1800);
    const seat = await admin.api.settings.tables.$post({
      json: { location: 'counter', numSeats: 1, isReservable: true },
    });
    expect(seat.status).toBe(201);
    expect(seat.body.table).toEqual({ id: 'C13', location: 'counter', numSeats: 1, isReservable: true, position: 13 });
    expect((await availableTimes(guest, date, 1, 'counter')).times).toContain(1800);
    const counter = await guest.api.reservations.$post({
      json: bookingBody({ reservationDate: date, seatType: 'counter', partySize: 1, startTime: 1800 }),
    });
    expect(counter.status).toBe(201);
    expect(counter.body.reservation.tableIds).toEqual(['C13']);
  });

  it('keeps a counter seat at one seat: adding or changing one to seat more is refused, and nothing is written', async () => {
    const before = await readSettings(admin);
    const added = await admin.api.settings.tables.$post({
      json: { location: 'counter', numSeats: 4, isReservable: true },
    });
    expect(added).toMatchObject({ status: 400, body: { error: { message: COUNTER_SEAT_SEATS_ONE } } });
    const changed = await admin.api.settings.tables[':id'].$patch({ param: { id: 'C1' }, json: { numSeats: 2 } });
    expect(changed).toMatchObject({ status: 400, body: { error: { message: COUNTER_SEAT_SEATS_ONE } } });
    expect(await readSettings(admin)).toEqual(before);
  });

  it('never offers or assigns a retired table, and never reuses its number', async () => {
    const date = '2026-11-26';
    const added = await admin.api.settings.tables.$post({
      json: { location: 'floor', numSeats: 2, isReservable: true },
    });
    const id = added.body.table.id;
    await holdTables(
      admin,
      date,
      (await floorTableIds(admin)).filter((table) => table !== id),
    );
    expect((await availableTimes(guest, date)).times).toContain(1700);

    const retired = await admin.api.settings.tables[':id'].$delete({ param: { id } });
    expect(retired.status).toBe(200);
    expect(retired.body).toEqual({ id });

    expect((await availableTimes(guest, date)).times).not.toContain(1700);
    expect((await availableTimes(admin, date)).times).not.toContain(1700);
    const refused = await guest.api.reservations.$post({ json: bookingBody({ reservationDate: date }) });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(SLOT_TAKEN);
    // The admin cannot choose it either, nor see it in the floor plan or the seat picker.
    const chosen = await admin.api.reservations.$post({ json: bookingBody({ reservationDate: date, tableIds: [id] }) });
    expect(chosen.status).toBe(400);
    expect(chosen.body.error.message).toBe('Invalid table selection');
    expect(await floorTableIds(admin)).not.toContain(id);
    const free = await admin.api.tables.available.$get({ query: { date, startTime: '1700', seatType: 'table' } });
    expect(free.body.tables).toEqual([]);

    // The settings still list it, retired; it cannot be retired or changed again.
    const listed = (await readSettings(admin)).tables.find((table: { id: string }) => table.id === id);
    expect(listed).toMatchObject({ id, retiredAt: expect.any(String) });
    const again = await admin.api.settings.tables[':id'].$delete({ param: { id } });
    expect([again.status, again.body.error.code]).toEqual([409, 'conflict']);
    const changed = await admin.api.settings.tables[':id'].$patch({ param: { id }, json: { numSeats: 4 } });
    expect([changed.status, changed.body.error.code]).toEqual([409, 'conflict']);

    // A new table takes the next number, not the retired one's.
    const next = await admin.api.settings.tables.$post({
      json: { location: 'floor', numSeats: 2, isReservable: true },
    });
    expect(Number(next.body.table.id)).toBe(Number(id) + 1);
  });

  it('refuses to retire a table that holds an upcoming reservation, listing it, until it is moved', async () => {
    const date = '2026-11-28';
    const added = await admin.api.settings.tables.$post({
      json: { location: 'floor', numSeats: 4, isReservable: true },
    });
    const id = added.body.table.id;
    const booked = await admin.api.reservations.$post({ json: bookingBody({ reservationDate: date, tableIds: [id] }) });
    expect(booked.status).toBe(201);
    const reservation = booked.body.reservation;
    const before = await readSettings(admin);

    const refused = await admin.api.settings.tables[':id'].$delete({ param: { id } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'strands_reservations',
      message: `Table ${id} holds 1 upcoming reservation. Move it to other tables with Change Seats before retiring it.`,
      reservations: [reservation],
    });
    // Nothing was written: the same settings, the same version, no line of history.
    expect(await readSettings(admin)).toEqual(before);

    // Moved with Change Seats, the table can go; the reservation keeps its new table.
    const moved = await admin.api.reservations[':id'].$patch({
      param: { id: reservation.id },
      json: { tableIds: ['1'] },
    });
    expect(moved.status).toBe(200);
    expect((await admin.api.settings.tables[':id'].$delete({ param: { id } })).status).toBe(200);
    const kept = await admin.api.reservations[':id'].$get({ param: { id: reservation.id } });
    expect(kept.body.reservation.tableIds).toEqual(['1']);
  });

  it('refuses fewer seats than a booked party needs, listing the reservation; more seats are fine', async () => {
    const date = '2026-11-29';
    // A party of 6 goes to table 6, the one table with 6 seats.
    const booked = await guest.api.reservations.$post({ json: bookingBody({ reservationDate: date, partySize: 6 }) });
    expect(booked.status).toBe(201);
    expect(booked.body.reservation.tableIds).toEqual(['6']);
    const before = await readSettings(admin);

    const fewer = await admin.api.settings.tables[':id'].$patch({ param: { id: '6' }, json: { numSeats: 4 } });
    expect(fewer.status).toBe(409);
    expect(fewer.body.error).toEqual({
      code: 'strands_reservations',
      message:
        'Table 6 with 4 seats would leave 1 upcoming reservation without enough seats. Move it to other tables with Change Seats first.',
      reservations: [booked.body.reservation],
    });
    expect(await readSettings(admin)).toEqual(before);

    const more = await admin.api.settings.tables[':id'].$patch({ param: { id: '6' }, json: { numSeats: 8 } });
    expect(more.status).toBe(200);
    expect(more.body.table).toMatchObject({ id: '6', numSeats: 8 });
    expect((await admin.api.settings.tables[':id'].$patch({ param: { id: '6' }, json: { numSeats: 6 } })).status).toBe(
      200,
    );
  });
});

describe('the floor order: tables in consecutive places combine', () => {
  let restaurant: Restaurant;

  beforeAll(async () => {
    restaurant = await openRestaurant({ now: () => FIXED_NOW });
  });
  afterAll(async () => {
    await restaurant?.stop();
  });

  it('combines the tables whose places follow each other, as the owner orders them', async () => {
    const { admin, guests } = restaurant;
    const guest = guests[0]!;
    const date = '2026-11-24';
    // Free for guests: table 1 (2 seats, place 1) and table 5 (4 seats, place 5), not side by side.
    await holdTables(admin, date, ['2', '3', '4', '6']);
    expect((await availableTimes(guest, date, 6)).times).not.toContain(1700);
    const apart = await guest.api.reservations.$post({ json: bookingBody({ reservationDate: date, partySize: 6 }) });
    expect(apart.status).toBe(409);
    expect(apart.body.error.message).toBe("Couldn't find a suitable combination of tables for this party size");

    // The owner puts table 5 at place 9 and table 1 at place 10: now they stand side by side.
    const move = (id: string, position: number) =>
      admin.api.settings.tables[':id'].$patch({ param: { id }, json: { position } });
    expect((await move('5', 9)).status).toBe(200);
    expect((await move('1', 10)).status).toBe(200);

    expect((await availableTimes(guest, date, 6)).times).toContain(1700);
    const together = await guest.api.reservations.$post({ json: bookingBody({ reservationDate: date, partySize: 6 }) });
    expect(together.status).toBe(201);
    // In floor order: place 9, then place 10.
    expect(together.body.reservation.tableIds).toEqual(['5', '1']);
  });
});

describe('a retired table in the record', () => {
  it('keeps its id on past reservations, which stay as they were', async () => {
    // The clock moves on a day during this test.
    let now = FIXED_NOW;
    const restaurant = await openRestaurant({ now: () => now });
    try {
      const { admin } = restaurant;
      const guest = restaurant.guests[0]!;
      // Tonight's reservation on table 2 (the admin books from today), and a guest's on Tuesday, on table 1.
      const tonight = await admin.api.reservations.$post({
        json: bookingBody({ reservationDate: '2026-11-22', startTime: 1900, tableIds: ['2'] }),
      });
      expect(tonight.status).toBe(201);
      const refused = await admin.api.settings.tables[':id'].$delete({ param: { id: '2' } });
      expect(refused.status).toBe(409);

      // The next day, tonight's reservation is the record: the table can retire, and the record keeps it.
      now = new Date(FIXED_NOW.getTime() + 24 * 3600_000);
      expect((await admin.api.settings.tables[':id'].$delete({ param: { id: '2' } })).status).toBe(200);
      const day = await admin.api.reservations.$get({ query: { date: '2026-11-22' } });
      expect(day.body.reservations).toEqual([{ ...tonight.body.reservation }]);
      // An edit of the record that does not move it keeps its table.
      const noted = await admin.api.reservations[':id'].$patch({
        param: { id: tonight.body.reservation.id },
        json: { specialRequests: 'Came with a birthday cake' },
      });
      expect(noted.status).toBe(200);
      expect(noted.body.reservation.tableIds).toEqual(['2']);

      // Table 2 is not offered from now on: tables 1 and 3 onward hold parties of 2.
      const booked = await guest.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-11-24' }) });
      expect(booked.body.reservation.tableIds).toEqual(['1']);
      const second = await guest.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-11-24' }) });
      expect(second.body.reservation.tableIds).toEqual(['3']);
    } finally {
      await restaurant.stop();
    }
  });
});

describe('hours: the seatings of each weekday, and the weekdays closed', () => {
  let restaurant: Restaurant;
  let admin: TestClient;
  let guest: TestClient;

  beforeAll(async () => {
    restaurant = await openRestaurant({ now: () => FIXED_NOW });
    ({ admin } = restaurant);
    guest = restaurant.guests[0]!;
  });
  afterAll(async () => {
    await restaurant?.stop();
  });

  const putHours = (hours: WeekHours, confirm?: boolean) =>
    admin.api.settings.hours.$put({ json: { hours, ...(confirm === undefined ? {} : { confirm }) } });

  it("offers a weekday's new seatings at once, and refuses a time outside them", async () => {
    // Tuesdays: 18:00 to 21:00, every hour. Wednesday keeps the defaults.
    const changed = await putHours(weeklyHours({ 2: { first: '18:00', last: '21:00', everyMinutes: 60 } }));
    expect(changed.status).toBe(200);
    expect(changed.body.hours[2]).toEqual({ open: true, first: '18:00', last: '21:00', everyMinutes: 60 });

    expect((await availableTimes(guest, '2026-11-24')).times).toEqual([1800, 1900, 2000, 2100]);
    expect((await availableTimes(admin, '2026-11-24')).times).toEqual([1800, 1900, 2000, 2100]);
    expect((await availableTimes(guest, '2026-11-25')).times).toEqual(DEFAULT_SEATINGS);

    for (const startTime of [1700, 1830, 2130]) {
      const refused = await guest.api.reservations.$post({
        json: bookingBody({ reservationDate: '2026-11-24', startTime }),
      });
      expect([refused.status, refused.body.error.code, refused.body.error.message], String(startTime)).toEqual([
        400,
        'invalid_time',
        'Invalid time format selected',
      ]);
    }
    // The admin too: the hours are the restaurant's.
    const adminRefused = await admin.api.reservations.$post({
      json: bookingBody({ reservationDate: '2026-11-24', startTime: 1700, tableIds: ['1'] }),
    });
    expect(adminRefused.status).toBe(400);
    const late = await guest.api.reservations.$post({
      json: bookingBody({ reservationDate: '2026-11-24', startTime: 2100 }),
    });
    expect(late.status).toBe(201);
    expect(late.body.reservation).toMatchObject({ startTime: 2100, endTime: 2230 });
    // Moving a reservation to a time outside the hours is refused like a booking.
    const moved = await guest.api.reservations[':id'].$patch({
      param: { id: late.body.reservation.id },
      json: { startTime: 1730 },
    });
    expect([moved.status, moved.body.error.message]).toEqual([400, 'Invalid time format selected']);
  });

  it('asks before hours that leave bookings outside them, writes nothing until confirmed, and keeps the bookings', async () => {
    const tuesday = await guest.api.reservations.$post({
      json: bookingBody({ reservationDate: '2026-12-01', startTime: 2000 }),
    });
    expect(tuesday.status).toBe(201);
    const outside = (await guest.api.reservations.mine.$get()).body.reservations
      .filter((r: { reservationDate: string; startTime: number }) => r.startTime >= 2000)
      .map((r: { id: string }) => r.id)
      .sort();
    expect(outside).toHaveLength(2); // 2026-11-24 at 21:00 (the test before) and 2026-12-01 at 20:00
    const before = await readSettings(admin);

    // Back to the defaults on Tuesdays: 21:00 is gone; 20:00 is gone too (the last seating 19:30).
    const hours = weeklyHours({ 2: { last: '19:30' } });
    const asked = await putHours(hours);
    expect(asked.status).toBe(409);
    expect(asked.body.error.code).toBe('needs_confirmation');
    expect(asked.body.error.message).toBe(
      '2 reservations fall outside the new hours. They stay booked until you move or cancel them. Save anyway?',
    );
    expect(asked.body.error.reservations.map((r: { id: string }) => r.id).sort()).toEqual(outside);
    expect(await readSettings(admin)).toEqual(before);
    expect((await availableTimes(guest, '2026-12-01')).times).toEqual([1800, 1900, 2000, 2100]);

    expect((await putHours(hours, false)).status).toBe(409);
    const confirmed = await putHours(hours, true);
    expect(confirmed.status).toBe(200);
    expect((await availableTimes(guest, '2026-12-01')).times).toEqual([1700, 1730, 1800, 1830, 1900, 1930]);
    for (const id of outside) {
      const kept = await guest.api.reservations[':id'].$get({ param: { id } });
      expect(kept.status).toBe(200);
    }
    // A booking that stands outside the hours can still be renamed, or moved into them.
    const renamed = await guest.api.reservations[':id'].$patch({
      param: { id: tuesday.body.reservation.id },
      json: { name: 'Ann Renamed' },
    });
    expect(renamed.status).toBe(200);
    const movedIn = await guest.api.reservations[':id'].$patch({
      param: { id: tuesday.body.reservation.id },
      json: { startTime: 1900 },
    });
    expect(movedIn.status).toBe(200);
  });

  it("closes Mondays by default, in the spec's words, and any weekday the owner closes", async () => {
    const monday = '2026-11-30';
    expect(await availableTimes(guest, monday)).toEqual({ date: monday, times: [], refusal: 'monday' });
    const onMonday = await guest.api.reservations.$post({ json: bookingBody({ reservationDate: monday }) });
    expect([onMonday.status, onMonday.body.error.message]).toEqual([400, 'We are closed on Mondays']);
    expect((await admin.api['public-config'].$get()).body.closedWeekdays).toEqual([1]);

    // Open on Mondays, closed on Thursdays. No booking stands on a Thursday; the one left outside Tuesday's hours
    // before (21:00 on the 24th) was confirmed then, and this change does not touch Tuesdays: nothing to ask.
    const changed = await putHours(weeklyHours({ 1: { open: true }, 2: { last: '19:30' }, 4: { open: false } }));
    expect(changed.status).toBe(200);
    expect((await availableTimes(guest, monday)).times).toEqual(DEFAULT_SEATINGS);
    expect((await guest.api.reservations.$post({ json: bookingBody({ reservationDate: monday }) })).status).toBe(201);

    const thursday = '2026-12-03';
    expect(await availableTimes(guest, thursday)).toEqual({ date: thursday, times: [], refusal: 'closed_weekday' });
    expect((await availableTimes(admin, thursday)).refusal).toBe('closed_weekday');
    const onThursday = await guest.api.reservations.$post({ json: bookingBody({ reservationDate: thursday }) });
    expect([onThursday.status, onThursday.body.error.message]).toEqual([400, 'We are closed on Thursdays']);
    expect((await admin.api['public-config'].$get()).body.closedWeekdays).toEqual([4]);
  });

  it("closes Tuesdays, saying so, once the owner confirms over Tuesday's bookings", async () => {
    const hours = weeklyHours({ 2: { open: false } });
    const asked = await putHours(hours);
    expect([asked.status, asked.body.error.code]).toEqual([409, 'needs_confirmation']);
    expect((await putHours(hours, true)).status).toBe(200);
    const tuesday = '2026-12-08';
    expect((await availableTimes(guest, tuesday)).refusal).toBe('closed_weekday');
    const refused = await guest.api.reservations.$post({ json: bookingBody({ reservationDate: tuesday }) });
    expect([refused.status, refused.body.error.message]).toEqual([400, 'We are closed on Tuesdays']);
    // Mondays are closed again (the defaults), in the spec's words.
    const monday = await guest.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-12-07' }) });
    expect(monday.body.error.message).toBe('We are closed on Mondays');
    expect((await admin.api['public-config'].$get()).body.closedWeekdays).toEqual([1, 2]);
  });
});

describe('closed dates, with the note guests see', () => {
  let restaurant: Restaurant;
  let admin: TestClient;
  let guest: TestClient;

  beforeAll(async () => {
    restaurant = await openRestaurant({ now: () => FIXED_NOW });
    ({ admin } = restaurant);
    guest = restaurant.guests[0]!;
  });
  afterAll(async () => {
    await restaurant?.stop();
  });

  const close = (firstDate: string, lastDate: string, extra: { note?: string | null; confirm?: boolean } = {}) =>
    admin.api.settings.closures.$post({ json: { firstDate, lastDate, ...extra } });

  it("tells guests the owner's note for a closed date, and refuses bookings with it", async () => {
    const date = '2026-12-02';
    const closed = await close(date, date, { note: '  Closed for a private event ' });
    expect(closed.status).toBe(201);
    expect(closed.body.closure).toEqual({
      id: expect.any(String),
      firstDate: date,
      lastDate: date,
      note: 'Closed for a private event',
    });

    expect(await availableTimes(guest, date)).toEqual({
      date,
      times: [],
      refusal: 'closed',
      note: 'Closed for a private event',
    });
    expect((await availableTimes(admin, date)).refusal).toBe('closed');
    for (const client of [guest, admin]) {
      const refused = await client.api.reservations.$post({ json: bookingBody({ reservationDate: date }) });
      expect([refused.status, refused.body.error.code, refused.body.error.message]).toEqual([
        400,
        'date_not_bookable',
        'Closed for a private event',
      ]);
    }
    // The days around it are open.
    expect((await availableTimes(guest, '2026-12-01')).times).toEqual(DEFAULT_SEATINGS);
    expect((await availableTimes(guest, '2026-12-03')).times).toEqual(DEFAULT_SEATINGS);

    // Opened again: bookable at once.
    const reopened = await admin.api.settings.closures[':id'].$delete({ param: { id: closed.body.closure.id } });
    expect(reopened.status).toBe(200);
    expect((await availableTimes(guest, date)).times).toEqual(DEFAULT_SEATINGS);
    expect((await guest.api.reservations.$post({ json: bookingBody({ reservationDate: date }) })).status).toBe(201);
    const again = await admin.api.settings.closures[':id'].$delete({ param: { id: closed.body.closure.id } });
    expect([again.status, again.body.error.message]).toEqual([404, 'That closure does not exist']);
  });

  it('says the date is closed when there is no note (an empty note is none)', async () => {
    const closed = await close('2026-12-04', '2026-12-05', { note: '   ' });
    expect(closed.status).toBe(201);
    expect(closed.body.closure.note).toBeNull();
    for (const date of ['2026-12-04', '2026-12-05']) {
      expect(await availableTimes(guest, date)).toEqual({ date, times: [], refusal: 'closed' });
      const refused = await guest.api.reservations.$post({ json: bookingBody({ reservationDate: date }) });
      expect([refused.status, refused.body.error.message]).toEqual([400, 'We are closed on this date']);
    }
  });

  it('asks before closing dates that have bookings, closes nothing until confirmed, and keeps the bookings', async () => {
    const first = await guest.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-12-10' }) });
    const second = await guest.api.reservations.$post({
      json: bookingBody({ reservationDate: '2026-12-09', startTime: 1900 }),
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    const before = await readSettings(admin);

    const asked = await close('2026-12-08', '2026-12-11', { note: 'Closed for the holidays' });
    expect(asked.status).toBe(409);
    expect(asked.body.error).toEqual({
      code: 'needs_confirmation',
      message: '2 reservations stand on these dates. They stay booked until you move or cancel them. Close anyway?',
      // Soonest first.
      reservations: [second.body.reservation, first.body.reservation],
    });
    expect(await readSettings(admin)).toEqual(before);
    expect((await availableTimes(guest, '2026-12-11')).times).toEqual(DEFAULT_SEATINGS);

    const one = await close('2026-12-10', '2026-12-10');
    expect(one.body.error.message).toBe(
      '1 reservation stands on this date. They stay booked until you move or cancel them. Close anyway?',
    );

    const confirmed = await close('2026-12-08', '2026-12-11', { note: 'Closed for the holidays', confirm: true });
    expect(confirmed.status).toBe(201);
    expect((await availableTimes(guest, '2026-12-11')).note).toBe('Closed for the holidays');
    // The bookings stay, as they were, until the owner moves or cancels them.
    for (const booked of [first, second]) {
      const kept = await admin.api.reservations[':id'].$get({ param: { id: booked.body.reservation.id } });
      expect(kept.body.reservation).toEqual(booked.body.reservation);
    }
    const mine = (await guest.api.reservations.mine.$get()).body.reservations.map((r: { id: string }) => r.id);
    expect(mine).toEqual(expect.arrayContaining([first.body.reservation.id, second.body.reservation.id]));
    // No new one lands there.
    const refused = await guest.api.reservations.$post({
      json: bookingBody({ reservationDate: '2026-12-10', startTime: 2000 }),
    });
    expect([refused.status, refused.body.error.message]).toEqual([400, 'Closed for the holidays']);
    // Moving a booking onto a closed date is refused too; the owner can cancel one standing there.
    const moved = await guest.api.reservations[':id'].$patch({
      param: { id: first.body.reservation.id },
      json: { reservationDate: '2026-12-11' },
    });
    expect([moved.status, moved.body.error.message]).toEqual([400, 'Closed for the holidays']);
    expect((await admin.api.reservations[':id'].$delete({ param: { id: first.body.reservation.id } })).status).toBe(
      200,
    );
  });
});

describe('booking rules from the settings', () => {
  let restaurant: Restaurant;
  let admin: TestClient;

  beforeAll(async () => {
    // The fair-use limits as shipped (one per date, four upcoming, no overlaps); the booking rate is off here.
    restaurant = await openRestaurant({
      now: () => FIXED_NOW,
      guests: 3,
      env: {
        BOOKING_ALLOW_OVERLAP: 'false',
        BOOKING_MAX_UPCOMING: '4',
        BOOKING_MAX_PER_DATE: '1',
      },
    });
    ({ admin } = restaurant);
  });
  afterAll(async () => {
    await restaurant?.stop();
  });

  const setRules = async (changes: Partial<typeof UNLIMITED_RULES>) => {
    const rules = { ...(await readSettings(admin)).rules, ...changes };
    const answer = await admin.api.settings.rules.$put({ json: rules });
    expect(answer.status).toBe(200);
    expect(answer.body.rules).toEqual(rules);
  };

  it("moves the guests' horizon; the admin's stays two years", async () => {
    const guest = restaurant.guests[0]!;
    expect((await availableTimes(guest, '2027-01-21')).times).toEqual(DEFAULT_SEATINGS);
    expect((await availableTimes(guest, '2027-01-22')).refusal).toBe('too_far');

    await setRules({ guestDaysAhead: 10 });
    expect((await availableTimes(guest, '2026-12-02')).times).toEqual(DEFAULT_SEATINGS);
    expect((await availableTimes(guest, '2026-12-03')).refusal).toBe('too_far');
    const refused = await guest.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-12-03' }) });
    expect([refused.status, refused.body.error.message]).toEqual([400, 'Reservations can be made up to 10 days ahead']);
    expect((await admin.api['public-config'].$get()).body.guestDaysAhead).toBe(10);
    expect(
      (await admin.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-12-03', tableIds: ['1'] }) }))
        .status,
    ).toBe(201);

    await setRules({ guestDaysAhead: 90 });
    expect((await availableTimes(guest, '2027-02-20')).times).toEqual(DEFAULT_SEATINGS);
    expect((await availableTimes(guest, '2027-02-21')).refusal).toBe('too_far');
    expect((await guest.api.reservations.$post({ json: bookingBody({ reservationDate: '2027-02-20' }) })).status).toBe(
      201,
    );
  });

  it('applies the fair-booking limits as the owner sets them', async () => {
    const guest = restaurant.guests[1]!;
    const book = (reservationDate: string, startTime = 1700) =>
      guest.api.reservations.$post({ json: bookingBody({ reservationDate, startTime }) });
    expect((await book('2026-12-01')).status).toBe(201);
    // One per date, as shipped.
    const second = await book('2026-12-01', 2000);
    expect([second.status, second.body.error.code, second.body.error.message]).toEqual([
      409,
      'booking_limit',
      'You already have a reservation on this date. You can change it in My Reservations.',
    ]);
    await setRules({ maxPerDate: 2 });
    expect((await book('2026-12-01', 2000)).status).toBe(201);

    // No overlapping reservations of one guest, until the owner allows them.
    await setRules({ maxPerDate: 3 });
    const overlapping = await book('2026-12-01', 1730);
    expect(overlapping.body.error.message).toBe(
      'You already have a reservation at this time. You can change it in My Reservations.',
    );
    await setRules({ allowOverlap: true });
    expect((await book('2026-12-01', 1730)).status).toBe(201);

    // Upcoming reservations: this guest holds 3 now.
    await setRules({ maxUpcoming: 3 });
    const fourth = await book('2026-12-02');
    expect(fourth.body.error.message).toBe(
      'You already have 3 upcoming reservations, the most one guest can hold. To book another, cancel one in My Reservations.',
    );
    await setRules({ maxUpcoming: 0 });
    expect((await book('2026-12-02')).status).toBe(201);
  });

  it('caps the guests per seating for guests; the admin may seat beyond it', async () => {
    const [ann, bob] = [restaurant.guests[0]!, restaurant.guests[2]!];
    const date = '2026-11-27';
    await setRules({ maxCoversPerSeating: 4, maxPerDate: 0, maxUpcoming: 0, allowOverlap: true });
    const book = (client: TestClient, partySize: number, startTime = 1700, extra: object = {}) =>
      client.api.reservations.$post({ json: bookingBody({ reservationDate: date, startTime, partySize, ...extra }) });

    expect((await book(ann, 3)).status).toBe(201);
    expect((await availableTimes(bob, date, 2)).times).toEqual(DEFAULT_SEATINGS.filter((time) => time !== 1700));
    expect((await availableTimes(bob, date, 1)).times).toEqual(DEFAULT_SEATINGS);
    const full = await book(bob, 2);
    expect([full.status, full.body.error.message]).toEqual([409, coversCapMessages.seatingFull(4)]);
    expect((await book(bob, 1)).status).toBe(201);
    // Four at 17:00 now. Moving Bob's 18:00 party into 17:00 is refused the same way.
    const later = await book(bob, 2, 1800);
    expect(later.status).toBe(201);
    const moved = await bob.api.reservations[':id'].$patch({
      param: { id: later.body.reservation.id },
      json: { startTime: 1700 },
    });
    expect([moved.status, moved.body.error.message]).toEqual([409, coversCapMessages.seatingFull(4)]);
    // A party the cap could never seat is not offered online (the page's config), and is told to call.
    expect((await restaurant.admin.api['public-config'].$get()).body.guestMaxParty).toBe(4);
    const five = await book(bob, 5, 2000);
    expect([five.status, five.body.error.message]).toEqual([
      400,
      coversCapMessages.partyOverCap(4, (await restaurant.admin.api['public-config'].$get()).body.phone),
    ]);

    // The admin sees and books 17:00 still.
    expect((await availableTimes(admin, date, 2)).times).toContain(1700);
    expect((await book(admin, 2, 1700, { tableIds: ['7'] })).status).toBe(201);
    expect((await book(admin, 2)).status).toBe(201);

    // No cap: guests book 17:00 again.
    await setRules({ maxCoversPerSeating: 0 });
    expect((await availableTimes(bob, date, 2)).times).toContain(1700);
    expect((await restaurant.admin.api['public-config'].$get()).body.guestMaxParty).toBe(6);
  });
});

describe("the restaurant's details: the page, its config and the emails say them", () => {
  let restaurant: Restaurant;
  let clientDir: string;

  beforeAll(async () => {
    // A built client of one page, as spa-routes.test.ts serves it: index.html with the config's placeholder.
    clientDir = mkdtempSync(join(tmpdir(), 'settings-client-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(
      join(clientDir, 'index.html'),
      `<!doctype html><html><head>${PUBLIC_CONFIG_PLACEHOLDER}</head></html>`,
    );
    restaurant = await openRestaurant({ now: () => FIXED_NOW, clientDir });
  });
  afterAll(async () => {
    await restaurant?.stop();
    rmSync(clientDir, { recursive: true, force: true });
  });

  /** The config embedded in index.html, as the page reads it at start. */
  async function pageConfig(client: TestClient) {
    const page = await client.get('/');
    expect(page.status).toBe(200);
    const html = page.body as unknown as string;
    const match = new RegExp(`<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">(.*?)</script>`).exec(
      html,
    );
    expect(match, html).not.toBeNull();
    return { html, config: JSON.parse(match![1]!) as Record<string, unknown> };
  }

  const details = {
    name: 'Umi <Omakase> & Bar',
    phone: '(555) 123-4567',
    address: '9 Ocean Avenue, Springfield, CA 90001',
    links: [{ label: 'Instagram', url: 'https://www.instagram.com/umi' }],
  };

  it('shows new details at once in /api/public-config and in index.html', async () => {
    const { admin } = restaurant;
    const visitor = new TestClient(restaurant.server.url);
    const answer = await admin.api.settings.details.$put({ json: details });
    expect(answer.status).toBe(200);
    expect(answer.body.details).toEqual(details);

    const expected = {
      restaurantName: details.name,
      phone: details.phone,
      address: details.address,
      links: details.links,
    };
    expect((await visitor.api['public-config'].$get()).body).toMatchObject(expected);
    const { html, config } = await pageConfig(visitor);
    expect(config).toMatchObject(expected);
    // The name is data, never markup in the page.
    expect(html).not.toContain('<Omakase>');
  });

  it('signs the emails with the new details, and gives the new phone to a party too large to book', async () => {
    const { server } = restaurant;
    const newcomer = await restaurant.newGuest();
    const email = await waitForEmail(server.config.mail.outboxDir, (await newcomer.session())!.email, /Confirm/);
    expect(email.subject).toBe(`Confirm your email for ${details.name}`);
    expect(email.text).toContain(details.name);
    expect(email.text).toContain(details.address);
    expect(email.text).toContain(details.phone);
    expect(email.html).toContain('Umi &lt;Omakase&gt; &amp; Bar');
    // The sender is the restaurant by its new name.
    const raw = readFileSync(join(server.config.mail.outboxDir, email.file), 'utf8');
    expect(raw).toMatch(/^From: "Umi <Omakase> & Bar" <reservations@localhost>$/m);

    const tooMany = await newcomer.api.reservations.$post({ json: bookingBody({ partySize: 7 }) });
    expect(tooMany.body.error.message).toBe('For parties of 7 or more, please call us at (555) 123-4567.');
  });

  it('writes nothing for the same details again', async () => {
    const { admin } = restaurant;
    const before = await readSettings(admin);
    const same = await admin.api.settings.details.$put({ json: { ...details, name: `  ${details.name}  ` } });
    expect(same.status).toBe(200);
    expect(await readSettings(admin)).toEqual(before);
  });
});

describe('GET /api/settings and the history of changes', () => {
  let restaurant: Restaurant;

  beforeAll(async () => {
    restaurant = await openRestaurant({ now: () => FIXED_NOW });
  });
  afterAll(async () => {
    await restaurant?.stop();
  });

  it('answers everything the owner sets, as shipped on the first start', async () => {
    const settings = await readSettings(restaurant.admin);
    expect(settings).toEqual({
      version: 1,
      details: {
        name: expect.any(String),
        phone: expect.any(String),
        address: '123 Harbor Street, Springfield, CA 90000',
        links: [
          { label: 'Instagram', url: 'https://www.instagram.com/' },
          { label: 'Yelp', url: 'https://www.yelp.com/' },
        ],
      },
      hours: weeklyHours(),
      rules: UNLIMITED_RULES,
      tables: expect.any(Array),
      closures: [],
      trustedNetworks: [],
      history: [],
    });
    expect(settings.tables).toHaveLength(20);
    expect(settings.tables).toContainEqual({
      id: '7',
      numSeats: 2,
      location: 'floor',
      isReservable: false,
      position: 7,
      retiredAt: null,
    });
    expect(settings.tables).toContainEqual({
      id: 'C12',
      numSeats: 1,
      location: 'counter',
      isReservable: false,
      position: 12,
      retiredAt: null,
    });
  });

  it('records who changed what, newest first, and GET answers the changes', async () => {
    const { admin } = restaurant;
    expect(
      (await admin.api.settings.tables.$post({ json: { location: 'floor', numSeats: 4, isReservable: true } })).status,
    ).toBe(201);
    expect(
      (
        await admin.api.settings.tables[':id'].$patch({
          param: { id: '9' },
          json: { numSeats: 6, isReservable: false },
        })
      ).status,
    ).toBe(200);
    expect((await admin.api.settings.tables[':id'].$delete({ param: { id: 'C12' } })).status).toBe(200);
    expect(
      (
        await admin.api.settings.hours.$put({
          json: { hours: weeklyHours({ 0: { last: '21:00' }, 1: { open: true } }) },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.api.settings.rules.$put({
          json: { ...UNLIMITED_RULES, guestDaysAhead: 30, maxCoversPerSeating: 20 },
        })
      ).status,
    ).toBe(200);
    const closure = await admin.api.settings.closures.$post({
      json: { firstDate: '2026-12-24', lastDate: '2026-12-26', note: 'Closed for the holidays' },
    });
    expect(closure.status).toBe(201);
    expect((await admin.api.settings.closures[':id'].$delete({ param: { id: closure.body.closure.id } })).status).toBe(
      200,
    );
    expect(
      (await admin.api.settings.closures.$post({ json: { firstDate: '2027-01-01', lastDate: '2027-01-01' } })).status,
    ).toBe(201);
    const current = await readSettings(admin);
    expect(
      (await admin.api.settings.details.$put({ json: { ...current.details, name: 'Umi', phone: '555 010 0100' } }))
        .status,
    ).toBe(200);

    const settings = await readSettings(admin);
    expect(settings.version).toBe(10);
    const by = { actorEmail: 'owner@example.com', changedAt: FIXED_NOW.toISOString() };
    expect(settings.history).toEqual([
      { ...by, area: 'details', summary: 'Details: name “Umi”; phone 555 010 0100' },
      { ...by, area: 'closures', summary: 'Closed January 1, 2027' },
      { ...by, area: 'closures', summary: 'Reopened December 24, 2026 to December 26, 2026' },
      { ...by, area: 'closures', summary: 'Closed December 24, 2026 to December 26, 2026 (“Closed for the holidays”)' },
      {
        ...by,
        area: 'rules',
        summary:
          'Booking rules: guests book up to 30 days ahead (was: guests book up to 60 days ahead); at most 20 guests per seating (was: no cap on guests per seating)',
      },
      {
        ...by,
        area: 'hours',
        summary: 'Hours: Sunday 5:00 PM–9:00 PM every 30 min; Monday 5:00 PM–8:30 PM every 30 min',
      },
      { ...by, area: 'tables', summary: 'Retired counter seat C12' },
      { ...by, area: 'tables', summary: 'Table 9: seats 4 → 6, not bookable online' },
      { ...by, area: 'tables', summary: 'Added table 9 (4 seats, bookable online, place 9)' },
    ]);
    expect(settings.tables).toContainEqual({
      id: '9',
      numSeats: 6,
      location: 'floor',
      isReservable: false,
      position: 9,
      retiredAt: null,
    });
    expect(settings.tables.find((table) => table.id === 'C12')?.retiredAt).toEqual(expect.any(String));
    expect(settings.hours[0]?.last).toBe('21:00');
    expect(settings.rules).toEqual({ ...UNLIMITED_RULES, guestDaysAhead: 30, maxCoversPerSeating: 20 });
    expect(settings.closures).toEqual([
      { id: expect.any(String), firstDate: '2027-01-01', lastDate: '2027-01-01', note: null },
    ]);
    expect(settings.details).toMatchObject({ name: 'Umi', phone: '555 010 0100' });
  });
});

describe('a change to the values already set', () => {
  it('writes nothing: no new version, no line of history', async () => {
    const restaurant = await openRestaurant({ now: () => FIXED_NOW });
    try {
      const { admin } = restaurant;
      const before = await readSettings(admin);
      const table8 = before.tables.find((table) => table.id === '8')!;
      const same = await admin.api.settings.tables[':id'].$patch({
        param: { id: '8' },
        json: { numSeats: table8.numSeats, isReservable: table8.isReservable, position: table8.position },
      });
      expect(same.status).toBe(200);
      expect(same.body.table).toEqual({ id: '8', numSeats: 4, location: 'floor', isReservable: false, position: 8 });
      expect((await admin.api.settings.hours.$put({ json: { hours: weeklyHours() } })).status).toBe(200);
      expect((await admin.api.settings.rules.$put({ json: before.rules })).status).toBe(200);
      expect((await admin.api.settings.details.$put({ json: before.details })).status).toBe(200);
      expect(await readSettings(admin)).toEqual(before);
    } finally {
      await restaurant.stop();
    }
  });
});
