import { describe, expect, it } from 'vitest';
import type { TestClient } from '../support/http-client';
import {
  openRestaurant,
  openRestaurantForBlock,
  readSettings,
  type Restaurant,
  SLOT_TAKEN,
  availableTimes,
  holdTables,
  floorTableIds,
} from '../support/owner-settings';
import { COUNTER_SEAT_SEATS_ONE } from '../../src/booking/settings-schemas';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';

// The owner's tables over real HTTP: added, changed, combined by their place in the floor order, and retired,
// each live at once for availability and booking, with no restart. FIXED_NOW is Sunday 2026-11-22, noon in Los
// Angeles: guests book from Tuesday the 24th.

describe('tables: added, changed and retired while the book is open', () => {
  let admin: TestClient;
  let guest: TestClient;
  openRestaurantForBlock({ now: () => FIXED_NOW }, (restaurant) => {
    ({ admin } = restaurant);
    guest = restaurant.guests[0]!;
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
  openRestaurantForBlock({ now: () => FIXED_NOW }, (opened) => {
    restaurant = opened;
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
      // As it was, with the host's marks the admin's reads carry (none: nobody marked it).
      expect(day.body.reservations).toEqual([
        {
          ...tonight.body.reservation,
          service: { status: 'booked', since: null, undoTo: null, freedFrom: null, walkIn: false },
        },
      ]);
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
