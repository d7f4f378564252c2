import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assignForSlot, availableStartTimes, candidateTables, freeTables } from './availability';
import { endTimeFor, rangesOverlap } from './clock';
import type { RestaurantTable } from './restaurant-config';

const tables: RestaurantTable[] = [
  { id: '1', numSeats: 2, location: 'floor', isReservable: true },
  { id: '2', numSeats: 4, location: 'floor', isReservable: true },
  { id: '7', numSeats: 2, location: 'floor', isReservable: false },
  { id: 'C1', numSeats: 1, location: 'counter', isReservable: true },
  { id: 'C2', numSeats: 1, location: 'counter', isReservable: false },
];

describe('availability', () => {
  it('guests see only reservable tables; the admin sees all of the seat type', () => {
    expect(candidateTables(tables, 'table', 'guest').map((t) => t.id)).toEqual(['1', '2']);
    expect(candidateTables(tables, 'table', 'admin').map((t) => t.id)).toEqual(['1', '2', '7']);
    expect(candidateTables(tables, 'counter', 'admin').map((t) => t.id)).toEqual(['C1', 'C2']);
  });

  it('a table held by an overlapping reservation is not free, unless that reservation is the one being changed', () => {
    const booked = [{ id: 'r1', tableIds: ['1'], startTime: 1700, endTime: 1830 }];
    expect(freeTables(tables, booked, { startTime: 1800, endTime: 1930 }).map((t) => t.id)).not.toContain('1');
    expect(freeTables(tables, booked, { startTime: 1830, endTime: 2000 }).map((t) => t.id)).toContain('1');
    expect(freeTables(tables, booked, { startTime: 1800, endTime: 1930 }, 'r1').map((t) => t.id)).toContain('1');
  });

  it('lists the seatings where the party fits', () => {
    const booked = [{ id: 'r1', tableIds: ['2'], startTime: 1800, endTime: 1930 }];
    const seatings = [1700, 1730, 1800, 1830, 1900, 1930];
    expect(availableStartTimes({ tables, booked, seatType: 'table', role: 'guest', partySize: 4, seatings })).toEqual([
      1930,
    ]);
    // 1 + 2 are consecutive: 2 + 4 seats seat a party of 5 once table 2 is free again.
    expect(availableStartTimes({ tables, booked, seatType: 'table', role: 'guest', partySize: 5, seatings })).toEqual([
      1930,
    ]);
    expect(
      availableStartTimes({ tables, booked: [], seatType: 'counter', role: 'guest', partySize: 2, seatings }),
    ).toEqual([]);
    expect(
      availableStartTimes({ tables, booked: [], seatType: 'counter', role: 'admin', partySize: 2, seatings }),
    ).toEqual(seatings);
  });
});

describe('assignment over random existing bookings', () => {
  it('never hands out a table that an overlapping reservation holds, and always seats the party', () => {
    const layout = fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 10 }).chain((numbers) =>
      fc.tuple(
        ...numbers.map((n) =>
          fc.record({
            id: fc.constant(String(n)),
            numSeats: fc.integer({ min: 1, max: 6 }),
            location: fc.constant('floor' as const),
            isReservable: fc.boolean(),
          }),
        ),
      ),
    );
    const seatings = [1700, 1730, 1800, 1830, 1900, 1930, 2000, 2030];
    fc.assert(
      fc.property(
        layout,
        fc.array(fc.record({ tableIndex: fc.nat(), start: fc.constantFrom(...seatings) }), { maxLength: 15 }),
        fc.integer({ min: 1, max: 10 }),
        fc.constantFrom(...seatings),
        fc.constantFrom('guest' as const, 'admin' as const),
        (tables, bookings, partySize, startTime, role) => {
          const booked = bookings.map((b, i) => ({
            id: `r${i}`,
            tableIds: [tables[b.tableIndex % tables.length]!.id],
            startTime: b.start,
            endTime: endTimeFor(b.start),
          }));
          const result = assignForSlot({ tables, booked, seatType: 'table', role, partySize, startTime });
          if (!result.ok) return;
          const slot = { startTime, endTime: endTimeFor(startTime) };
          for (const id of result.tableIds) {
            expect(booked.some((b) => b.tableIds.includes(id) && rangesOverlap(b, slot))).toBe(false);
            if (role === 'guest') expect(tables.find((t) => t.id === id)!.isReservable).toBe(true);
          }
          const seats = result.tableIds.reduce((sum, id) => sum + tables.find((t) => t.id === id)!.numSeats, 0);
          expect(seats).toBeGreaterThanOrEqual(partySize);
        },
      ),
    );
  });
});
