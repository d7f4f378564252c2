import { describe, expect, it } from 'vitest';
import type { Reservation } from '../../shared/reservation';
import { csvCell, reservationsCsv, toCsv } from './reservations-csv';

describe('CSV cells', () => {
  // [what the guest typed, the cell written]. Quoted (RFC 4180, quotes doubled) when the text holds a separator
  // (a comma, or the semicolon many European spreadsheets split on), a quote or a line break; started with a
  // single quote when a spreadsheet would run it as a formula, also after leading spaces and in full-width forms.
  it.each([
    ['Ann Guest', 'Ann Guest'],
    ['', ''],
    ['Zoë 寿司', 'Zoë 寿司'],
    ["O'Brien", "O'Brien"],
    ['a=b c-d', 'a=b c-d'], // only at the start: inside a cell these are text
    ['Smith, John', '"Smith, John"'],
    ['x;=1+1', '"x;=1+1"'],
    ['Tuna; salmon', '"Tuna; salmon"'],
    ['The "Tuna"', '"The ""Tuna"""'],
    ['one\ntwo', '"one\ntwo"'],
    ['one\rtwo', '"one\rtwo"'],
    ['one\r\ntwo', '"one\r\ntwo"'],
    ['=1+1', "'=1+1"],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\tAnn', "'\tAnn"],
    ['\r=1+1', '"\'\r=1+1"'],
    [' =1+1', "' =1+1"],
    ['   @SUM(A1)', "'   @SUM(A1)"],
    ['\uFF1D1+1', "'\uFF1D1+1"], // ＝
    ['\uFF0B1', "'\uFF0B1"], // ＋
    ['\uFF0D1', "'\uFF0D1"], // －
    ['\uFF20SUM(A1)', "'\uFF20SUM(A1)"], // ＠
    [' \uFF1D1+1', "' \uFF1D1+1"],
    ['=HYPERLINK("http://evil.example","x")', '"\'=HYPERLINK(""http://evil.example"",""x"")"'],
    [' =1;2', '"\' =1;2"'],
  ])('%j is written %j', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
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
