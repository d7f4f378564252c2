import { describe, expect, it } from 'vitest';
import { calendarFileName, reservationCalendarFile } from './calendar-file';

const restaurant = {
  restaurantName: 'Umi Sushi',
  address: '123 Harbor Street, Seaside, CA 94000',
  phone: '(555) 123-4567',
  timeZone: 'America/Los_Angeles',
};
const reservation = { id: 'r-42', reservationDate: '2026-11-24', startTime: 1900, partySize: 2, name: 'Ann; Lee' };

const unfold = (ics: string) => ics.replace(/\r\n /g, '');
const field = (ics: string, name: string) =>
  unfold(ics)
    .split('\r\n')
    .find((line) => line.startsWith(`${name}:`))
    ?.slice(name.length + 1);

describe('reservationCalendarFile', () => {
  const ics = reservationCalendarFile(reservation, restaurant, 'https://umi.example', new Date('2026-11-22T20:00:00Z'));

  it('places the 90-minute dinner at the right instant in the restaurant zone', () => {
    // 7:00 PM on November 24 in Los Angeles (PST, UTC-8) is 03:00 UTC the next day.
    expect(field(ics, 'DTSTART')).toBe('20261125T030000Z');
    expect(field(ics, 'DTEND')).toBe('20261125T043000Z');
    expect(field(ics, 'DTSTAMP')).toBe('20261122T200000Z');
  });

  it('follows daylight saving: in summer the same 7:00 PM is 02:00 UTC', () => {
    const summer = reservationCalendarFile(
      { ...reservation, reservationDate: '2027-07-06' },
      restaurant,
      'https://umi.example',
    );
    expect(field(summer, 'DTSTART')).toBe('20270707T020000Z');
  });

  it('carries the address, a stable id, and escapes text values', () => {
    expect(field(ics, 'LOCATION')).toBe('123 Harbor Street\\, Seaside\\, CA 94000');
    expect(field(ics, 'UID')).toBe('r-42@umi.example');
    expect(field(ics, 'SUMMARY')).toBe('Dinner at Umi Sushi (2 people)');
    expect(field(ics, 'DESCRIPTION')).toContain('Reservation for Ann\\; Lee\\, 2 people.\\nTo change or cancel');
    expect(field(ics, 'X-WR-TIMEZONE')).toBe('America/Los_Angeles');
  });

  it('is a well-formed calendar: CRLF lines of at most 75 octets, one event', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
  });

  // Issue 19: a lone carriage return in a name once reached the file raw, starting a line of its own there.
  it.each([
    ['a lone CR', 'Ann\rATTENDEE:mailto:evil@example.com'],
    ['a lone LF', 'Ann\nATTENDEE:mailto:evil@example.com'],
    ['CRLF', 'Ann\r\nATTENDEE:mailto:evil@example.com'],
  ])('keeps %s in a name inside its own line, escaped', (_kind, name) => {
    const hostile = reservationCalendarFile({ ...reservation, name }, restaurant, 'https://umi.example');
    expect(hostile.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(
      unfold(hostile)
        .split('\r\n')
        .some((line) => line.startsWith('ATTENDEE')),
    ).toBe(false);
    expect(field(hostile, 'DESCRIPTION')).toContain('Reservation for Ann\\nATTENDEE:mailto:evil@example.com');
  });

  it('folds long multi-byte text without splitting a character', () => {
    const long = reservationCalendarFile(
      { ...reservation, name: 'すし'.repeat(40) },
      restaurant,
      'https://umi.example',
    );
    expect(field(long, 'DESCRIPTION')).toContain('すし'.repeat(40));
    expect(long.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
  });
});

describe('calendarFileName', () => {
  it('makes a safe file name from the restaurant and date', () => {
    expect(calendarFileName('Umi Sushi', '2026-11-24')).toBe('umi-sushi-2026-11-24.ics');
  });
});
