import { describe, expect, it } from 'vitest';
import { restaurantClock } from './restaurant-clock';

const at = (iso: string, timeZone = 'America/Los_Angeles') => ({
  config: { restaurant: { timeZone } },
  now: () => new Date(iso),
});

describe('restaurantClock', () => {
  it('reads the clock it is given, in the restaurant zone, whatever it answered a moment before', () => {
    // 23:59 and then midnight in Los Angeles: the minute kept must not stand for the next one.
    expect(restaurantClock(at('2026-11-28T07:59:30Z'))).toEqual({ today: '2026-11-27', nowHhmm: 2359 });
    expect(restaurantClock(at('2026-11-28T07:59:59.999Z'))).toEqual({ today: '2026-11-27', nowHhmm: 2359 });
    expect(restaurantClock(at('2026-11-28T08:00:00Z'))).toEqual({ today: '2026-11-28', nowHhmm: 0 });
    // The same minute in another zone is another answer.
    expect(restaurantClock(at('2026-11-28T08:00:10Z', 'Asia/Tokyo'))).toEqual({ today: '2026-11-28', nowHhmm: 1700 });
    // A clock moved back (a test's) is read as it now stands.
    expect(restaurantClock(at('2026-01-05T20:30:00Z'))).toEqual({ today: '2026-01-05', nowHhmm: 1230 });
    // A zone with a half-hour offset changes its minute at the same instants as UTC.
    expect(restaurantClock(at('2026-11-28T08:00:59Z', 'Asia/Kolkata'))).toEqual({ today: '2026-11-28', nowHhmm: 1330 });
    expect(restaurantClock(at('2026-11-28T08:01:00Z', 'Asia/Kolkata'))).toEqual({ today: '2026-11-28', nowHhmm: 1331 });
  });
});
