import { describe, expect, it } from 'vitest';
import type { Reservation } from '../../shared/reservation';
import { csvCell, reservationsCsv, toCsv } from './reservations-csv';

describe('CSV cells', () => {
  it('are written as they are when nothing in them needs quoting', () => {
    expect(csvCell('Ann Guest')).toBe('Ann Guest');
    expect(csvCell('')).toBe('');
    expect(csvCell('Zoë 寿司')).toBe('Zoë 寿司');
  });

  it('are quoted, with quotes doubled, when they hold a comma, a quote or a line break (RFC 4180)', () => {
    expect(csvCell('Smith, John')).toBe('"Smith, John"');
    expect(csvCell('The "Tuna"')).toBe('"The ""Tuna"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
  });

  it('start with a single quote when a spreadsheet would run them as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('\r=1+1')).toBe('"\'\r=1+1"');
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    // Only at the start: inside a cell these are text.
    expect(csvCell('a=b, c-d')).toBe('"a=b, c-d"');
  });
});

describe('a CSV file', () => {
  it('starts with the UTF-8 byte-order mark and ends every row with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c,d', '=e'],
      ]),
    ).toBe('\uFEFFa,b\r\n"c,d",\'=e\r\n');
  });
});

describe('the reservations CSV', () => {
  const reservation: Reservation = {
    id: 'r1',
    tableIds: ['C1', 'C2'],
    startTime: 1730,
    endTime: 1900,
    reservationDate: '2026-11-24',
    email: 'ann@example.com',
    reminderEmail: 'ann.reminders@example.com',
    partySize: 2,
    name: 'Ann Guest',
    phoneNumber: '5550100199',
    seatType: 'counter',
    specialRequests: null,
    createdAt: '2026-11-22T20:00:00.000Z',
    updatedAt: '2026-11-23T08:05:00.000Z',
  };

  it('has a header row of readable names and one row per reservation, times in the restaurant zone', () => {
    const [header, row, end] = reservationsCsv([reservation], 'America/Los_Angeles').slice(1).split('\r\n');
    expect(header).toBe(
      'Date,Start,End,Number of Guests,Seat Type,Tables,Name,Phone Number,Email,Reminder Email,Special Requests,Booked At,Last Changed,Reservation ID',
    );
    expect(row).toBe(
      '2026-11-24,5:30 PM,7:00 PM,2,Counter,"C1, C2",Ann Guest,555-010-0199,ann@example.com,ann.reminders@example.com,,2026-11-22 12:00,2026-11-23 00:05,r1',
    );
    expect(end).toBe('');
  });
});
