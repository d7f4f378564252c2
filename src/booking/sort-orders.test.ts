import { describe, expect, it } from 'vitest';
import { byStartThenTable } from './sort-orders';

describe('a day’s book', () => {
  it('lists by start time, then floor tables by number, then the counter by number, then no table', () => {
    const at = (id: string, startTime: number, tableIds: string[]) => ({
      id,
      reservationDate: '2026-11-24',
      startTime,
      tableIds,
    });
    const listed = [
      at('counter 1', 1700, ['C1']),
      at('none', 1700, []),
      at('counter 10', 1700, ['C10', 'C11']),
      at('table 10', 1700, ['10']),
      at('table 1', 1700, ['1']),
      at('counter 2', 1700, ['C2']),
      at('earlier', 1630, ['C3']),
    ].sort(byStartThenTable);
    expect(listed.map((r) => r.id)).toEqual([
      'earlier',
      'table 1',
      'table 10',
      'counter 1',
      'counter 2',
      'counter 10',
      'none',
    ]);
  });
});
