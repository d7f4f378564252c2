import { describe, expect, it } from 'vitest';
import { latestSlot, nextSlot } from './backup-schedule';

const LA = 'America/Los_Angeles';
const at = (iso: string) => new Date(iso);

describe('the daily backup slot, in the restaurant zone', () => {
  it('is today at the hour once it has passed, else yesterday', () => {
    expect(latestSlot(at('2026-11-24T11:59:59Z'), 4, LA).toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(latestSlot(at('2026-11-24T12:00:00Z'), 4, LA).toISOString()).toBe('2026-11-24T12:00:00.000Z');
    expect(nextSlot(at('2026-11-24T11:59:59Z'), 4, LA).toISOString()).toBe('2026-11-24T12:00:00.000Z');
    expect(nextSlot(at('2026-11-24T12:00:00Z'), 4, LA).toISOString()).toBe('2026-11-25T12:00:00.000Z');
  });

  it('stays at 04:00 local across daylight saving (23- and 25-hour days)', () => {
    // Spring forward on 2027-03-14, fall back on 2027-11-07.
    expect(nextSlot(at('2027-03-13T12:00:00Z'), 4, LA).toISOString()).toBe('2027-03-14T11:00:00.000Z');
    expect(nextSlot(at('2027-11-06T11:00:00Z'), 4, LA).toISOString()).toBe('2027-11-07T12:00:00.000Z');
    // Just after midnight local, the latest slot is the day before's.
    expect(latestSlot(at('2027-03-14T08:30:00Z'), 4, LA).toISOString()).toBe('2027-03-13T12:00:00.000Z');
  });

  it('works at midnight and at 23:00', () => {
    expect(latestSlot(at('2026-11-24T08:00:00Z'), 0, LA).toISOString()).toBe('2026-11-24T08:00:00.000Z');
    expect(latestSlot(at('2026-11-24T07:59:00Z'), 23, LA).toISOString()).toBe('2026-11-24T07:00:00.000Z');
  });
});
