import { todayIn } from '../../booking/calendar';
import { clockIn } from '../../booking/wall-clock';
import { formatTime12h } from '../../booking/clock';
import { formatPhoneInput } from '../../booking/phone';
import type { Reservation } from '../../shared/reservation';

// The owner's export as a spreadsheet opens it cleanly: UTF-8 with a byte-order mark (else Excel guesses the
// encoding and mangles accents), CRLF after every row, and RFC 4180 quoting. A cell that a spreadsheet would
// run as a formula starts with a single quote instead, so it shows as the text it is (OWASP's advice on CSV
// injection).

const BYTE_ORDER_MARK = '\uFEFF';
// =, +, - or @, also after leading spaces (spreadsheets skip them) and in their full-width forms ＝ ＋ － ＠
// (U+FF1D, U+FF0B, U+FF0D, U+FF20), which some read as the ASCII ones; or a tab or carriage return first.
const FORMULA_START = /^(\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/;
// Our comma, the semicolon many European spreadsheets split on instead, a quote, a line break.
const NEEDS_QUOTES = /[",;\r\n]/;

export function csvCell(value: string): string {
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return BYTE_ORDER_MARK + rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** An instant as the restaurant's wall clock reads it, e.g. 2026-11-22 12:00 (sortable in a spreadsheet). */
function localStamp(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const hhmm = String(clockIn(timeZone, at)).padStart(4, '0');
  return `${todayIn(timeZone, at)} ${hhmm.slice(0, 2)}:${hhmm.slice(2)}`;
}

// The spec's labels where it has them (the booking form's fields, the admin card's "Email").
const COLUMNS: [header: string, value: (r: Reservation, timeZone: string) => string][] = [
  ['Date', (r) => r.reservationDate],
  ['Start', (r) => formatTime12h(r.startTime)],
  ['End', (r) => formatTime12h(r.endTime)],
  ['Number of Guests', (r) => String(r.partySize)],
  ['Seat Type', (r) => (r.seatType === 'counter' ? 'Counter' : 'Table')],
  ['Tables', (r) => r.tableIds.join(', ')],
  ['Name', (r) => r.name],
  ['Phone Number', (r) => formatPhoneInput(r.phoneNumber)],
  ['Email', (r) => r.email],
  ['Reminder Email', (r) => r.reminderEmail],
  ['Special Requests', (r) => r.specialRequests ?? ''],
  ['Booked At', (r, zone) => localStamp(r.createdAt, zone)],
  ['Last Changed', (r, zone) => localStamp(r.updatedAt, zone)],
  ['Reservation ID', (r) => r.id],
];

export function reservationsCsv(reservations: readonly Reservation[], timeZone: string): string {
  return toCsv([
    COLUMNS.map(([header]) => header),
    ...reservations.map((r) => COLUMNS.map(([, value]) => value(r, timeZone))),
  ]);
}
