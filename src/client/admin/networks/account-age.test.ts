import { describe, expect, it } from 'vitest';
import { accountAgeAtBooking } from './account-age';

describe('accountAgeAtBooking', () => {
  const booked = '2026-11-22T20:00:00.000Z';
  it.each([
    ['2026-11-22T20:00:00.000Z', '0 minutes'],
    ['2026-11-22T19:59:00.000Z', '1 minute'],
    ['2026-11-22T19:57:00.000Z', '3 minutes'],
    ['2026-11-22T19:00:00.000Z', '1 hour'],
    ['2026-11-21T00:00:00.000Z', '44 hours'],
    ['2026-11-20T20:00:00.000Z', '2 days'],
    ['2024-01-01T00:00:00.000Z', '2 years'],
    ['2026-11-22T20:05:00.000Z', '0 minutes'],
  ])('an account made at %s had been there %s', (made, words) => {
    expect(accountAgeAtBooking(made, booked)).toBe(words);
  });
});
