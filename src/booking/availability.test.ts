import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assignForSlot, availableStartTimes, candidateTables, coversAt, freeTables, seatingFull } from './availability';
import { endTimeFor, rangesOverlap } from './clock';
import type { Table } from './restaurant-settings';

const tables: Table[] = [
  { id: '1', numSeats: 2, location: 'floor', isReservable: true, position: 1 },
  { id: '2', numSeats: 4, location: 'floor', isReservable: true, position: 2 },
  { id: '7', numSeats: 2, location: 'floor', isReservable: false, position: 7 },
  { id: 'C1', numSeats: 1, location: 'counter', isReservable: true, position: 1 },
  { id: 'C2', numSeats: 1, location: 'counter', isReservable: false, position: 2 },
];
const NO_CAP = { maxCoversPerSeating: 0 };

describe('availability', () => {
  it('guests see only reservable tables; the admin sees all of the seat type', () => {
    expect(candidateTables(tables, 'table', 'guest').map((t) => t.id)).toEqual(['1', '2']);
    expect(candidateTables(tables, 'table', 'admin').map((t) => t.id)).toEqual(['1', '2', '7']);
    expect(candidateTables(tables, 'counter', 'admin').map((t) => t.id)).toEqual(['C1', 'C2']);
  });

  it('a table held by an overlapping reservation is not free, unless that reservation is the one being changed', () => {
    const booked = [{ id: 'r1', tableIds: ['1'], startTime: 1700, endTime: 1830, partySize: 2 }];
    expect(freeTables(tables, booked, { startTime: 1800, endTime: 1930 }).map((t) => t.id)).not.toContain('1');
    expect(freeTables(tables, booked, { startTime: 1830, endTime: 2000 }).map((t) => t.id)).toContain('1');
    expect(freeTables(tables, booked, { startTime: 1800, endTime: 1930 }, 'r1').map((t) => t.id)).toContain('1');
  });

  it('lists the seatings where the party fits', () => {
    const booked = [{ id: 'r1', tableIds: ['2'], startTime: 1800, endTime: 1930, partySize: 4 }];
    const seatings = [1700, 1730, 1800, 1830, 1900, 1930];
    expect(
      availableStartTimes({ tables, booked, seatType: 'table', role: 'guest', partySize: 4, seatings, ...NO_CAP }),
    ).toEqual([1930]);
    // 1 + 2 are consecutive: 2 + 4 seats seat a party of 5 once table 2 is free again.
    expect(
      availableStartTimes({ tables, booked, seatType: 'table', role: 'guest', partySize: 5, seatings, ...NO_CAP }),
    ).toEqual([1930]);
    expect(
      availableStartTimes({
        tables,
        booked: [],
        seatType: 'counter',
        role: 'guest',
        partySize: 2,
        seatings,
        ...NO_CAP,
      }),
    ).toEqual([]);
    expect(
      availableStartTimes({
        tables,
        booked: [],
        seatType: 'counter',
        role: 'admin',
        partySize: 2,
        seatings,
        ...NO_CAP,
      }),
    ).toEqual(seatings);
  });
});

describe('covers per seating', () => {
  const booked = [
    { id: 'r1', tableIds: ['1'], startTime: 1800, endTime: 1930, partySize: 2 },
    { id: 'r2', tableIds: ['C1'], startTime: 1800, endTime: 1930, partySize: 1 },
    { id: 'r3', tableIds: ['2'], startTime: 1830, endTime: 2000, partySize: 4 },
  ];

  it('counts the guests who start at a seating, all seat types together, the moved reservation excepted', () => {
    expect(coversAt(booked, 1800)).toBe(3);
    expect(coversAt(booked, 1830)).toBe(4);
    expect(coversAt(booked, 1800, 'r1')).toBe(1);
    expect(coversAt(booked, 1900)).toBe(0);
  });

  it('a party that would pass the cap finds the seating full; 0 is no cap', () => {
    const at1800 = { booked, startTime: 1800 };
    expect(seatingFull({ ...at1800, partySize: 1, maxCoversPerSeating: 4 })).toBe(false);
    expect(seatingFull({ ...at1800, partySize: 2, maxCoversPerSeating: 4 })).toBe(true);
    expect(seatingFull({ ...at1800, partySize: 2, maxCoversPerSeating: 4, excludeReservationId: 'r1' })).toBe(false);
    expect(seatingFull({ ...at1800, partySize: 40, maxCoversPerSeating: 0 })).toBe(false);
  });

  it('availability leaves out the seatings the party would take past the cap', () => {
    const seatings = [1700, 1800, 1900];
    const free = { tables, booked: [], seatType: 'table' as const, role: 'guest' as const, seatings };
    const counterBooked = [{ id: 'c', tableIds: ['C1'], startTime: 1800, endTime: 1930, partySize: 1 }];
    expect(availableStartTimes({ ...free, booked: counterBooked, partySize: 2, maxCoversPerSeating: 2 })).toEqual([
      1700, 1900,
    ]);
    expect(availableStartTimes({ ...free, booked: counterBooked, partySize: 1, maxCoversPerSeating: 2 })).toEqual([
      1700, 1800, 1900,
    ]);
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
            position: fc.constant(n),
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
            partySize: 2,
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
