import { describe, expect, it } from 'vitest';
import type { RestaurantSettings } from '../../booking/restaurant-settings';
import { findAvailableTimes } from './find-available-times';
import type { ReservationDeps } from './reservation-deps';

const DAY = { open: true, first: '17:00', last: '18:00', everyMinutes: 30 };

/** One instance's settings: a table, dinner every day, and the closed dates given; always version 3. */
const settingsWith = (closures: RestaurantSettings['closures']): RestaurantSettings => ({
  version: 3,
  details: { name: 'Sushi', phone: '555-0100', address: '1 Main St', links: [] },
  hours: Array.from({ length: 7 }, () => DAY),
  rules: { guestDaysAhead: 30, allowOverlap: false, maxUpcoming: 0, maxPerDate: 0, maxCoversPerSeating: 0 },
  tables: [{ id: 't1', numSeats: 4, location: 'floor', isReservable: true, position: 1, retiredAt: null }],
  closures,
  trustedNetworks: [],
});

/** An instance as findAvailableTimes sees it: its own settings, an empty book, nothing in flight. */
const instanceWith = (settings: RestaurantSettings) =>
  ({
    config: { restaurant: { timeZone: 'America/Los_Angeles' } },
    now: () => new Date('2026-11-28T20:00:00Z'),
    settings: { current: () => settings },
    booked: { get: () => Promise.resolve([]) },
    inFlight: { on: () => [], version: () => 0 },
  }) as unknown as ReservationDeps;

const guest = { userId: 'u1', email: 'guest@example.com', role: 'guest' as const };
const query = { date: '2026-12-10', partySize: 2, seatType: 'table' as const };

describe('findAvailableTimes', () => {
  it('answers each instance from its own settings, though both are at the same version (one process, two books)', async () => {
    const open = instanceWith(settingsWith([]));
    const closed = instanceWith(
      settingsWith([{ id: 'c1', firstDate: '2026-12-10', lastDate: '2026-12-10', note: 'Private event' }]),
    );
    expect(await findAvailableTimes({ deps: open, actor: guest, query })).toEqual({ times: [1700, 1730, 1800] });
    expect(await findAvailableTimes({ deps: closed, actor: guest, query })).toEqual({
      times: [],
      refusal: 'closed',
      note: 'Private event',
    });
    expect(await findAvailableTimes({ deps: open, actor: guest, query })).toEqual({ times: [1700, 1730, 1800] });
  });
});
