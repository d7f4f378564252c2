import { describe, expect, it } from 'vitest';
import type { TestClient } from '../support/http-client';
import {
  DEFAULT_SEATINGS,
  openRestaurantForBlock,
  readSettings,
  weeklyHours,
  type WeekHours,
  availableTimes,
} from '../support/owner-settings';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';

// The owner's hours over real HTTP: the seatings of each weekday, and the weekdays closed, live at once. FIXED_NOW
// is Sunday 2026-11-22, noon in Los Angeles: guests book from Tuesday the 24th.

describe('hours: the seatings of each weekday, and the weekdays closed', () => {
  let admin: TestClient;
  let guest: TestClient;
  openRestaurantForBlock({ now: () => FIXED_NOW }, (restaurant) => {
    ({ admin } = restaurant);
    guest = restaurant.guests[0]!;
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
