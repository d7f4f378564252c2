import { describe, expect, it } from 'vitest';
import { upcomingAndPast } from './upcoming-and-past';

describe('upcomingAndPast', () => {
  const r = (id: string, reservationDate: string, startTime: number) => ({ id, reservationDate, startTime });
  // The guest looks at 6:15 PM on 2026-11-22.
  const [today, now] = ['2026-11-22', 1815];
  const all = [
    r('last week', '2026-11-16', 1900),
    r('next week', '2026-11-29', 1700),
    r('tonight, later', '2026-11-22', 1900),
    r('tonight, begun', '2026-11-22', 1800),
    r('yesterday', '2026-11-21', 2030),
    r('tomorrow late', '2026-11-23', 2000),
    r('tomorrow early', '2026-11-23', 1700),
  ];

  it('lists what is still to come soonest first, and what has begun latest first', () => {
    const { upcoming, past } = upcomingAndPast(all, today, now);
    expect(upcoming.map((x) => x.id)).toEqual(['tonight, later', 'tomorrow early', 'tomorrow late', 'next week']);
    expect(past.map((x) => x.id)).toEqual(['tonight, begun', 'yesterday', 'last week']);
  });

  it('counts a seating as begun from its start time', () => {
    expect(upcomingAndPast([r('at six', today, 1800)], today, 1759).upcoming).toHaveLength(1);
    expect(upcomingAndPast([r('at six', today, 1800)], today, 1800).past).toHaveLength(1);
  });
});
