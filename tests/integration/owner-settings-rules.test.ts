import { describe, expect, it } from 'vitest';
import type { TestClient } from '../support/http-client';
import type { UNLIMITED_RULES } from '../support/owner-settings';
import {
  DEFAULT_SEATINGS,
  openRestaurantForBlock,
  readSettings,
  type Restaurant,
  availableTimes,
} from '../support/owner-settings';
import { coversCapMessages } from '../../src/booking/party-size';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';

// The owner's booking rules over real HTTP: the guests' horizon, what one guest may hold, the cap on guests per
// seating, live at once. FIXED_NOW is Sunday 2026-11-22, noon in Los Angeles: guests book from Tuesday the 24th.

describe('booking rules from the settings', () => {
  let restaurant: Restaurant;
  let admin: TestClient;

  // The fair-use limits as shipped (one per date, four upcoming, no overlaps); the booking rate is off here.
  openRestaurantForBlock(
    {
      now: () => FIXED_NOW,
      guests: 3,
      env: { BOOKING_ALLOW_OVERLAP: 'false', BOOKING_MAX_UPCOMING: '4', BOOKING_MAX_PER_DATE: '1' },
    },
    (opened) => {
      restaurant = opened;
      ({ admin } = opened);
    },
  );

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
