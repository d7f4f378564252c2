import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignCounterSeats, assignFloorTables, consecutiveRuns } from './assign-tables';

// Each table at the place of its number, as the seeded floor plan has them until the owner reorders it.
const floor = (...seats: [string, number][]) => seats.map(([id, numSeats]) => ({ id, numSeats, position: Number(id) }));
const counter = (...numbers: number[]) => numbers.map((n) => ({ id: `C${n}`, numSeats: 1, position: n }));

describe('consecutiveRuns', () => {
  it('groups tables by consecutive numbers, whatever the input order', () => {
    const runs = consecutiveRuns(counter(5, 1, 2, 10, 6, 3));
    expect(runs.map((run) => run.map((seat) => seat.id))).toEqual([['C1', 'C2', 'C3'], ['C5', 'C6'], ['C10']]);
  });
});

describe('assignFloorTables', () => {
  const layout = floor(['1', 2], ['2', 2], ['3', 4], ['4', 4], ['5', 4], ['6', 6]);

  it('picks the first single table with enough seats', () => {
    expect(assignFloorTables(layout, 2)).toEqual({ ok: true, tableIds: ['1'] });
    expect(assignFloorTables(layout, 3)).toEqual({ ok: true, tableIds: ['3'] });
    expect(assignFloorTables(layout, 6)).toEqual({ ok: true, tableIds: ['6'] });
  });

  it('otherwise joins consecutively numbered tables with the smallest total that fits', () => {
    // 6 is taken; 1+2 = 4 is too small, 2+3 = 6 fits with the smallest total.
    expect(assignFloorTables(floor(['1', 2], ['2', 2], ['3', 4], ['4', 4], ['5', 4]), 6)).toEqual({
      ok: true,
      tableIds: ['2', '3'],
    });
    // 3+4 = 8 and 4+5 = 8 tie: the lower numbers win.
    expect(assignFloorTables(floor(['3', 4], ['4', 4], ['5', 4]), 7)).toEqual({ ok: true, tableIds: ['3', '4'] });
  });

  it('never joins tables whose numbers are not consecutive', () => {
    expect(assignFloorTables(floor(['1', 4], ['3', 4]), 6)).toEqual({
      ok: false,
      message: "Couldn't find a suitable combination of tables for this party size",
    });
  });

  it('says the slot is booked when no table is free', () => {
    expect(assignFloorTables([], 2)).toEqual({
      ok: false,
      message: 'That time slot has been booked. Please refresh the page.',
    });
  });
});

describe('assignCounterSeats', () => {
  it('prefers the longest run of adjacent seats', () => {
    expect(assignCounterSeats(counter(1, 3, 4, 5, 6, 9), 3)).toEqual({ ok: true, tableIds: ['C3', 'C4', 'C5'] });
  });

  it('falls back to the lowest-numbered seats when no run is long enough', () => {
    expect(assignCounterSeats(counter(1, 2, 4, 5, 7), 3)).toEqual({ ok: true, tableIds: ['C1', 'C2', 'C4'] });
  });

  it('orders seats by number, not by text (C10 after C9)', () => {
    expect(assignCounterSeats(counter(10, 8, 9), 3)).toEqual({ ok: true, tableIds: ['C8', 'C9', 'C10'] });
  });

  it('reports how many seats it found when there are too few', () => {
    expect(assignCounterSeats(counter(1, 2), 4)).toEqual({
      ok: false,
      message: 'Not enough counter seats available. Found 2, need 4.',
    });
    expect(assignCounterSeats([], 1)).toEqual({
      ok: false,
      message: 'That time slot has been booked. Please refresh the page.',
    });
  });
});

describe('assignment properties over random layouts', () => {
  const floorLayout = fc
    .uniqueArray(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 12 })
    .chain((numbers) =>
      fc.tuple(
        ...numbers.map((n) =>
          fc.integer({ min: 1, max: 8 }).map((numSeats) => ({ id: String(n), numSeats, position: n })),
        ),
      ),
    );

  it('a table assignment only uses free tables, seats the party, and has the smallest fitting total', () => {
    fc.assert(
      fc.property(floorLayout, fc.integer({ min: 1, max: 12 }), (free, partySize) => {
        const result = assignFloorTables(free, partySize);
        if (!result.ok) {
          // No single table fits and no window of consecutive tables fits.
          expect(free.some((table) => table.numSeats >= partySize)).toBe(false);
          for (const run of consecutiveRuns(free))
            expect(run.reduce((s, t) => s + t.numSeats, 0)).toBeLessThan(partySize);
          return;
        }
        const chosen = result.tableIds.map((id) => free.find((table) => table.id === id)!);
        expect(chosen.every(Boolean)).toBe(true);
        expect(new Set(result.tableIds).size).toBe(result.tableIds.length);
        const total = chosen.reduce((sum, table) => sum + table.numSeats, 0);
        expect(total).toBeGreaterThanOrEqual(partySize);
        if (chosen.length > 1) {
          // Consecutive numbers, and no other consecutive window fits with fewer seats.
          const numbers = result.tableIds.map(Number);
          numbers.forEach((n, i) => i > 0 && expect(n).toBe(numbers[i - 1]! + 1));
          for (const run of consecutiveRuns(free)) {
            for (let a = 0; a < run.length; a++) {
              for (let b = a + 2; b <= run.length; b++) {
                const windowTotal = run.slice(a, b).reduce((s, t) => s + t.numSeats, 0);
                if (windowTotal >= partySize) expect(windowTotal).toBeGreaterThanOrEqual(total);
              }
            }
          }
        }
      }),
    );
  });

  it('a counter assignment takes exactly the party size in distinct free seats', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 16 }), { maxLength: 16 }),
        fc.integer({ min: 1, max: 6 }),
        (numbers, partySize) => {
          const free = counter(...numbers);
          const result = assignCounterSeats(free, partySize);
          if (!result.ok) {
            expect(free.length).toBeLessThan(partySize);
            return;
          }
          expect(result.tableIds).toHaveLength(partySize);
          expect(new Set(result.tableIds).size).toBe(partySize);
          expect(result.tableIds.every((id) => free.some((seat) => seat.id === id))).toBe(true);
        },
      ),
    );
  });
});
