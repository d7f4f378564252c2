import { describe, expect, it } from 'vitest';
import {
  activeTables,
  closedWeekdays,
  closureOn,
  onClosedWeekday,
  seatingsOn,
  uniformHours,
  type SettingsTable,
} from './restaurant-settings';
import { openDaysHint } from './weekdays';

describe("the owner's calendar", () => {
  const dinner = { first: '17:00', last: '20:30', everyMinutes: 30 };

  it('gives each weekday its own seatings, none on a closed one', () => {
    const hours = uniformHours(dinner, [1]);
    hours[5] = { open: true, first: '17:00', last: '22:00', everyMinutes: 60 }; // Fridays run late
    expect(seatingsOn('2026-11-24', hours)).toEqual([1700, 1730, 1800, 1830, 1900, 1930, 2000, 2030]); // a Tuesday
    expect(seatingsOn('2026-11-27', hours)).toEqual([1700, 1800, 1900, 2000, 2100, 2200]); // a Friday
    expect(seatingsOn('2026-11-23', hours)).toEqual([]); // a Monday
    expect(closedWeekdays(hours)).toEqual([1]);
    expect(onClosedWeekday('2026-11-23', [1])).toBe(true);
    expect(onClosedWeekday('2026-11-24', [1])).toBe(false);
  });

  it('finds the closure that covers a date, both ends included', () => {
    const closures = [{ id: 'a', firstDate: '2026-12-24', lastDate: '2026-12-26', note: 'Holidays' }];
    expect(closureOn('2026-12-23', closures)).toBeUndefined();
    expect(closureOn('2026-12-24', closures)?.note).toBe('Holidays');
    expect(closureOn('2026-12-26', closures)?.id).toBe('a');
    expect(closureOn('2026-12-27', closures)).toBeUndefined();
  });

  it('says which days it opens, as the date field hints', () => {
    expect(openDaysHint([1])).toBe('We are open Tuesday to Sunday.');
    expect(openDaysHint([])).toBe('We are open every day.');
    expect(openDaysHint([0, 1])).toBe('We are open Tuesday to Saturday.');
    expect(openDaysHint([3, 4])).toBe('We are open Friday to Tuesday.');
    expect(openDaysHint([1, 3])).toBe('We are closed on Mondays and Wednesdays.');
    expect(openDaysHint([0, 1, 2, 3, 4, 6])).toBe('We are open on Fridays.');
    expect(openDaysHint([0, 1, 2, 3, 4, 5, 6])).toBe('We are not taking reservations online at the moment.');
  });

  it('leaves retired tables out of the tables in use', () => {
    const tables: SettingsTable[] = [
      { id: '1', numSeats: 2, location: 'floor', isReservable: true, position: 1, retiredAt: null },
      { id: '2', numSeats: 4, location: 'floor', isReservable: true, position: 2, retiredAt: '2026-11-24T10:00:00Z' },
    ];
    expect(activeTables(tables)).toEqual([
      { id: '1', numSeats: 2, location: 'floor', isReservable: true, position: 1 },
    ]);
  });
});
