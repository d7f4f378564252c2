import { describe, expect, it } from 'vitest';
import { endTimeFor } from './clock';
import { fairBookingRefusal, messages } from './fair-booking';

const today = '2026-11-22';
const at = (id: string, reservationDate: string, startTime: number) => ({
  id,
  reservationDate,
  startTime,
  endTime: endTimeFor(startTime),
});
const limits = { allowOverlap: false, maxUpcoming: 4, maxPerDate: 1 };
const ask = (own: ReturnType<typeof at>[], wanted: ReturnType<typeof at>, isNew = true, custom = limits) =>
  fairBookingRefusal({ own, wanted, isNew, limits: custom, today, nowHhmm: 1200 });

describe('fair booking', () => {
  it('lets a guest hold one reservation a date, and refuses a second', () => {
    expect(ask([], at('new', '2026-11-24', 1700))).toBeNull();
    expect(ask([at('a', '2026-11-24', 2000)], at('new', '2026-11-24', 1700))).toBe(messages.perDateLimit(1));
    expect(ask([at('a', '2026-11-25', 1700)], at('new', '2026-11-24', 1700))).toBeNull();
  });

  it('refuses overlapping reservations of one account even where several a date are allowed', () => {
    const loose = { allowOverlap: false, maxUpcoming: 0, maxPerDate: 0 };
    expect(ask([at('a', '2026-11-24', 1730)], at('new', '2026-11-24', 1700), true, loose)).toBe(messages.ownOverlap);
    expect(ask([at('a', '2026-11-24', 1830)], at('new', '2026-11-24', 1700), true, loose)).toBeNull();
    const overlapAllowed = { ...loose, allowOverlap: true };
    expect(ask([at('a', '2026-11-24', 1730)], at('new', '2026-11-24', 1700), true, overlapAllowed)).toBeNull();
  });

  it('caps the upcoming reservations of one account, not counting those already begun', () => {
    const four = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'].map((date, i) => at(`r${i}`, date, 1700));
    expect(ask(four, at('new', '2026-11-28', 1700))).toBe(messages.upcomingLimit(4));
    const oneIsPast = [...four.slice(0, 3), at('old', '2026-11-20', 1700), at('earlier', today, 1100)];
    expect(ask(oneIsPast, at('new', '2026-11-28', 1700))).toBeNull();
  });

  it('lets a guest move their own reservation, but not onto a date they already hold', () => {
    const own = [at('a', '2026-11-24', 1700), at('b', '2026-11-25', 1700)];
    expect(ask(own, at('a', '2026-11-24', 1900), false)).toBeNull();
    expect(ask(own, at('a', '2026-11-26', 1700), false)).toBeNull();
    expect(ask(own, at('a', '2026-11-25', 2000), false)).toBe(messages.perDateLimit(1));
  });
});
