import { describe, expect, it } from 'vitest';
import { endTimeFor } from './clock';
import { fairBookingRefusal, isNewAccount, messages, newAccountNetworkRefusal } from './fair-booking';

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

  it('counts the new accounts of one network as one guest for a date', () => {
    const phone = '(555) 010-0199';
    const refusal = (heldByNewAccounts: number, maxPerDate = 1) =>
      newAccountNetworkRefusal({ heldByNewAccounts, limits: { maxPerDate }, phone });
    expect(refusal(0)).toBeNull();
    expect(refusal(1)).toBe(messages.newAccountsOnNetwork(1, phone));
    expect(refusal(1)).toContain('call us at (555) 010-0199');
    expect(refusal(1, 2)).toBeNull();
    expect(refusal(2, 2)).toBe(messages.newAccountsOnNetwork(2, phone));
    expect(refusal(5, 0)).toBeNull();
  });

  it('calls an account new for its first 24 hours, and one made after the clock new too', () => {
    const now = new Date('2026-11-22T20:00:00Z');
    expect(isNewAccount(new Date('2026-11-22T19:00:00Z'), now)).toBe(true);
    expect(isNewAccount(new Date('2026-11-21T20:00:01Z'), now)).toBe(true);
    expect(isNewAccount(new Date('2026-11-21T20:00:00Z'), now)).toBe(false);
    expect(isNewAccount(new Date('2026-11-23T20:00:00Z'), now)).toBe(true);
  });
});
