import { describe, expect, it } from 'vitest';
import {
  bookingWindow,
  dateRefusal,
  dateRefusalReason,
  hasBegun,
  timeRefusal,
  type BookingCalendar,
} from './booking-window';
import { addDays, todayIn, weekdayOf } from './calendar';
import { clockIn } from './wall-clock';
import { uniformHours } from './restaurant-settings';
import { formatPhoneInput, isValidPhone, phoneDigits } from './phone';
import { seatingTimes } from './seatings';

describe('booking window', () => {
  const today = '2026-11-22'; // a Sunday
  /** The shipped calendar: closed Mondays, guests 60 days ahead, and these closed dates (no note). */
  const calendar = (closedDates: string[] = [], changes: Partial<BookingCalendar> = {}): BookingCalendar => ({
    hours: uniformHours({ first: '17:00', last: '20:30', everyMinutes: 30 }, [1]),
    closures: closedDates.map((date) => ({ id: date, firstDate: date, lastDate: date, note: null })),
    guestDaysAhead: 60,
    ...changes,
  });

  it('knows Mondays', () => {
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-22')).toBe(0);
  });

  it('lets guests book from tomorrow to 60 days ahead, the admin from today to 2 years ahead', () => {
    expect(bookingWindow('guest', today, 60)).toEqual({ first: '2026-11-23', last: '2027-01-21' });
    expect(bookingWindow('admin', today, 60)).toEqual({ first: '2026-11-22', last: '2028-11-22' });
  });

  it('refuses Mondays, closed dates, and dates outside the window', () => {
    expect(dateRefusal('2026-11-23', 'guest', today, calendar())).toBe('We are closed on Mondays');
    expect(dateRefusal('2026-11-22', 'guest', today, calendar())).toBe('Reservations can be made from tomorrow');
    expect(dateRefusal('2026-11-22', 'admin', today, calendar())).toBeNull();
    expect(dateRefusal(addDays(today, 61), 'guest', today, calendar())).toBe(
      'Reservations can be made up to 60 days ahead',
    );
    expect(dateRefusal('2026-12-24', 'guest', today, calendar(['2026-12-24']))).toBe('We are closed on this date');
    expect(dateRefusal('2026-02-30', 'admin', today, calendar())).toBe('Please select a date');
    expect(dateRefusal('2026-11-24', 'guest', today, calendar())).toBeNull();
  });

  it('names the rule that refuses a date, by role', () => {
    expect(dateRefusalReason('2026-11-24', 'guest', today, calendar())).toBeNull();
    expect(dateRefusalReason('2026-11-22', 'guest', today, calendar())).toBe('too_soon');
    expect(dateRefusalReason('2026-11-22', 'admin', today, calendar())).toBeNull();
    expect(dateRefusalReason('2026-11-21', 'guest', today, calendar())).toBe('past');
    expect(dateRefusalReason('2026-11-21', 'admin', today, calendar())).toBe('past');
    expect(dateRefusalReason('2027-01-21', 'guest', today, calendar())).toBeNull();
    expect(dateRefusalReason('2027-01-22', 'guest', today, calendar())).toBe('too_far');
    expect(dateRefusalReason('2027-01-22', 'admin', today, calendar())).toBeNull();
    expect(dateRefusalReason('2028-11-23', 'admin', today, calendar())).toBe('too_far');
    expect(dateRefusalReason('2026-12-24', 'admin', today, calendar(['2026-12-24']))).toBe('closed');
    // A Monday is said first, even on a closed date or outside the window.
    expect(dateRefusalReason('2026-12-28', 'guest', today, calendar(['2026-12-28']))).toBe('monday');
    expect(dateRefusalReason('2026-11-16', 'guest', today, calendar())).toBe('monday');
    expect(dateRefusalReason('24/11/2026', 'guest', today, calendar())).toBe('invalid');
    // Past dates keep the words they had.
    expect(dateRefusal('2026-11-21', 'guest', today, calendar())).toBe('Reservations can be made from tomorrow');
    expect(dateRefusal('2026-11-21', 'admin', today, calendar())).toBe('Reservations cannot be made for past dates');
  });

  it("follows the owner's calendar: other closed weekdays, a closure's note, ranges, the guests' horizon", () => {
    const tuesdaysOff = calendar([], { hours: uniformHours({ first: '17:00', last: '20:30', everyMinutes: 30 }, [2]) });
    expect(dateRefusalReason('2026-11-24', 'guest', today, tuesdaysOff)).toBe('closed_weekday');
    expect(dateRefusal('2026-11-24', 'admin', today, tuesdaysOff)).toBe('We are closed on Tuesdays');
    // Mondays open, once the owner opens them.
    expect(dateRefusal('2026-11-23', 'guest', today, tuesdaysOff)).toBeNull();

    const event = calendar([], {
      closures: [{ id: 'x', firstDate: '2026-12-01', lastDate: '2026-12-03', note: 'Closed for a private event' }],
    });
    expect(dateRefusal('2026-11-30', 'guest', today, event)).toBe('We are closed on Mondays');
    for (const date of ['2026-12-01', '2026-12-02', '2026-12-03'])
      expect(dateRefusal(date, 'guest', today, event)).toBe('Closed for a private event');
    expect(dateRefusal('2026-12-04', 'guest', today, event)).toBeNull();

    const nearer = calendar([], { guestDaysAhead: 14 });
    expect(dateRefusal(addDays(today, 14), 'guest', today, nearer)).toBeNull();
    expect(dateRefusal(addDays(today, 16), 'guest', today, nearer)).toBe(
      'Reservations can be made up to 14 days ahead',
    );
    expect(dateRefusal(addDays(today, 16), 'admin', today, nearer)).toBeNull();
  });

  it('lets the admin book today only for seatings not yet started', () => {
    expect(timeRefusal(today, 1700, today, 1715)).toBe('That time has already passed');
    expect(timeRefusal(today, 1730, today, 1715)).toBeNull();
    expect(timeRefusal('2026-11-24', 1700, today, 2300)).toBeNull();
  });

  it('computes today in the restaurant time zone, not UTC', () => {
    // 05:00 UTC on the 23rd is still the evening of the 22nd in Los Angeles.
    expect(todayIn('America/Los_Angeles', new Date('2026-11-23T05:00:00Z'))).toBe('2026-11-22');
    expect(todayIn('Asia/Tokyo', new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-23');
  });

  it('reads the wall clock in the restaurant time zone as HHMM, midnight as 0', () => {
    expect(clockIn('America/Los_Angeles', new Date('2026-11-23T01:35:00Z'))).toBe(1735);
    expect(clockIn('America/Los_Angeles', new Date('2026-07-01T07:00:00Z'))).toBe(0);
    expect(clockIn('Asia/Tokyo', new Date('2026-11-22T14:59:00Z'))).toBe(2359);
    // The same zone again, from the kept formatter.
    expect(clockIn('America/Los_Angeles', new Date('2026-11-23T07:59:00Z'))).toBe(2359);
  });
});

describe('seatings and phones', () => {
  it('lists dinner start times every 30 minutes', () => {
    expect(seatingTimes({ first: '17:00', last: '20:30', everyMinutes: 30 })).toEqual([
      1700, 1730, 1800, 1830, 1900, 1930, 2000, 2030,
    ]);
  });

  it('formats phones 3-3-4 as typed and stores digits only', () => {
    expect(formatPhoneInput('555')).toBe('555');
    expect(formatPhoneInput('5550')).toBe('555-0');
    expect(formatPhoneInput('(555) 010-0199')).toBe('555-010-0199');
    expect(formatPhoneInput('55501001991234')).toBe('555-010-0199');
    expect(phoneDigits('555-010-0199')).toBe('5550100199');
    expect(isValidPhone('555-010-0199')).toBe(true);
    expect(isValidPhone('555-010-019')).toBe(false);
    expect(isValidPhone('55501001991')).toBe(false);
  });
});

describe('hasBegun', () => {
  it("is true from the seating's start on its day, and for every earlier day", () => {
    const at = (reservationDate: string, startTime: number) => ({ reservationDate, startTime });
    expect(hasBegun(at('2026-11-24', 1900), '2026-11-24', 1859)).toBe(false);
    expect(hasBegun(at('2026-11-24', 1900), '2026-11-24', 1900)).toBe(true);
    expect(hasBegun(at('2026-11-23', 2030), '2026-11-24', 900)).toBe(true);
    expect(hasBegun(at('2026-11-25', 1700), '2026-11-24', 2359)).toBe(false);
  });
});
