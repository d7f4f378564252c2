import { describe, expect, it } from 'vitest';
import type { TestClient } from '../support/http-client';
import { DEFAULT_SEATINGS, openRestaurantForBlock, readSettings, availableTimes } from '../support/owner-settings';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';

// The owner's closed dates over real HTTP, with the note guests see, live at once. FIXED_NOW is Sunday
// 2026-11-22, noon in Los Angeles: guests book from Tuesday the 24th.

describe('closed dates, with the note guests see', () => {
  let admin: TestClient;
  let guest: TestClient;
  openRestaurantForBlock({ now: () => FIXED_NOW }, (restaurant) => {
    ({ admin } = restaurant);
    guest = restaurant.guests[0]!;
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
