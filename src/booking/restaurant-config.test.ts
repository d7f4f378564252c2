import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endTimeFor } from './clock';
import { holdBlocks } from './hold-blocks';
import { restaurantConfigSchema } from './restaurant-config';
import { seatingTimes } from './seatings';

const shipped = JSON.parse(readFileSync('config/restaurant.json', 'utf8')) as { seatings: object };
const withSeatings = (seatings: object) => ({ ...shipped, seatings: { ...shipped.seatings, ...seatings } });

describe('the seatings and the double-booking guard agree', () => {
  it.each([
    [{ first: '17:15', last: '20:15', everyMinutes: 30 }, 'seatings.first'],
    [{ first: '17:00', last: '20:30', everyMinutes: 15 }, 'seatings.everyMinutes'],
    [{ first: '17:00', last: '20:30', everyMinutes: 45 }, 'seatings.everyMinutes'],
  ])('refuses %o, naming %s', (seatings, field) => {
    const result = restaurantConfigSchema.safeParse(withSeatings(seatings));
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path.join('.') === field);
    expect(issue?.message).toBe('must fall on the 30-minute grid (seatings start on the hour or half hour)');
  });

  it.each([
    { first: '17:00', last: '20:30', everyMinutes: 30 },
    { first: '17:30', last: '21:00', everyMinutes: 60 },
    { first: '18:00', last: '18:00', everyMinutes: 90 },
  ])('accepts %o, and then two seatings share a hold block only when their times overlap', (seatings) => {
    const parsed = restaurantConfigSchema.parse(withSeatings(seatings));
    const times = seatingTimes(parsed.seatings);
    const minutes = (hhmm: number) => Math.floor(hhmm / 100) * 60 + (hhmm % 100);
    for (const a of times)
      for (const b of times) {
        const overlap = minutes(a) < minutes(b) + 90 && minutes(b) < minutes(a) + 90;
        const shared = holdBlocks(a, endTimeFor(a)).some((block) => holdBlocks(b, endTimeFor(b)).includes(block));
        expect(shared, `${a} and ${b}`).toBe(overlap);
      }
  });
});
