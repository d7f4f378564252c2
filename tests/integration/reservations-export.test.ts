import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../support/csv';
import { TestClient } from '../support/http-client';
import { OWNER, OWNER_ENV } from '../support/owner';
import { bookingBody, type BookingBody, FIXED_NOW } from '../support/reservation-factory';
import { startTestServer, type TestServer } from '../support/test-server';

// The owner's export, over real HTTP: a CSV a spreadsheet opens cleanly (UTF-8 with a byte-order mark, CRLF,
// RFC 4180 quoting, readable headers), in which nothing a guest typed runs as a formula.

const HEADER = [
  'Date',
  'Start',
  'End',
  'Number of Guests',
  'Seat Type',
  'Tables',
  'Name',
  'Phone Number',
  'Email',
  'Reminder Email',
  'Special Requests',
  'Booked At',
  'Last Changed',
  'Reservation ID',
];

describe('exporting reservations as CSV', () => {
  let server: TestServer;
  let admin: TestClient;
  const ids: Record<string, string> = {};

  /** The raw answer, bytes and all (the test client would decode and trim the byte-order mark). */
  const download = async (query: string) => {
    const response = await fetch(`${server.url}/api/reservations/export${query}`, {
      headers: { cookie: admin.cookieHeader() },
    });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  const rowsOf = (bytes: Buffer) => parseCsv(bytes.subarray(3).toString('utf8'));

  beforeAll(async () => {
    server = await startTestServer({
      env: OWNER_ENV,
      now: () => FIXED_NOW,
    });
    admin = new TestClient(server.url);
    expect((await admin.signIn(OWNER.email, OWNER.password)).status).toBe(200);
    const bookings: [string, Partial<BookingBody>][] = [
      ['hostile', { name: '=HYPERLINK("http://evil.example","x")', reservationDate: '2026-11-25', startTime: 1700 }],
      ['plus', { name: '+1 555 0100', reservationDate: '2026-11-24', startTime: 1900 }],
      ['minus', { name: '-2+3', reservationDate: '2026-11-24', startTime: 1700, tableIds: ['3', '4'], partySize: 6 }],
      ['at', { name: '@SUM(A1:A9)', reservationDate: '2026-11-26', startTime: 1800, seatType: 'counter' }],
      [
        'quoted',
        {
          name: 'Smith, "Sushi" John',
          reservationDate: '2026-11-27',
          startTime: 2030,
          specialRequests: 'First line\nsecond line, with a comma\n=1+1 on the third',
        },
      ],
      ['unicode', { name: 'Zoë Ōtsuka 寿司', reservationDate: '2026-11-24', startTime: 1700, partySize: 1 }],
    ];
    for (const [key, overrides] of bookings) {
      const response = await admin.api.reservations.$post({ json: bookingBody(overrides) });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      ids[key] = response.body.reservation.id;
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('downloads everything as an attachment named for today', async () => {
    const { response, bytes } = await download('');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="reservations-all-as-of-2026-11-22.csv"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    // UTF-8 with a byte-order mark, so a spreadsheet does not guess another encoding; CRLF line ends only.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);

    const [header, ...rows] = rowsOf(bytes);
    expect(header).toEqual(HEADER);
    // By date, then time, then first table.
    expect(rows.map((row) => row[HEADER.indexOf('Reservation ID')])).toEqual([
      ids.unicode,
      ids.minus,
      ids.plus,
      ids.hostile,
      ids.at,
      ids.quoted,
    ]);
    for (const row of rows) expect(row).toHaveLength(HEADER.length);
  });

  it('writes readable values, and a cell a spreadsheet would run as a formula starts with a quote instead', async () => {
    const rows = rowsOf((await download('')).bytes).slice(1);
    const byId = new Map(
      rows.map((row) => [row[HEADER.length - 1], Object.fromEntries(HEADER.map((h, i) => [h, row[i]]))]),
    );

    expect(byId.get(ids.hostile)!.Name).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(byId.get(ids.plus)!.Name).toBe("'+1 555 0100");
    expect(byId.get(ids.minus)!.Name).toBe("'-2+3");
    expect(byId.get(ids.at)!.Name).toBe("'@SUM(A1:A9)");
    expect(byId.get(ids.unicode)!.Name).toBe('Zoë Ōtsuka 寿司');

    const quoted = byId.get(ids.quoted)!;
    expect(quoted.Name).toBe('Smith, "Sushi" John');
    // A line break inside a cell stays inside it (a cell starting with a line break is not a formula).
    expect(quoted['Special Requests']).toBe('First line\nsecond line, with a comma\n=1+1 on the third');

    expect(byId.get(ids.minus)).toEqual({
      Date: '2026-11-24',
      Start: '5:00 PM',
      End: '6:30 PM',
      'Number of Guests': '6',
      'Seat Type': 'Table',
      Tables: '3, 4',
      Name: "'-2+3",
      'Phone Number': '555-010-0199',
      Email: OWNER.email,
      'Reminder Email': 'ann@example.com',
      'Special Requests': '',
      // FIXED_NOW, in the restaurant's time zone.
      'Booked At': '2026-11-22 12:00',
      'Last Changed': '2026-11-22 12:00',
      'Reservation ID': ids.minus,
    });
    expect(byId.get(ids.at)!['Seat Type']).toBe('Counter');
  });

  it('downloads a date range, both ends included, or from or until a date', async () => {
    const range = await download('?from=2026-11-24&to=2026-11-25');
    expect(range.response.headers.get('content-disposition')).toBe(
      'attachment; filename="reservations-2026-11-24-to-2026-11-25.csv"',
    );
    expect(
      rowsOf(range.bytes)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(['2026-11-24', '2026-11-24', '2026-11-24', '2026-11-25']);
    const from = await download('?from=2026-11-26');
    expect(from.response.headers.get('content-disposition')).toBe(
      'attachment; filename="reservations-from-2026-11-26.csv"',
    );
    expect(
      rowsOf(from.bytes)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(['2026-11-26', '2026-11-27']);
    const until = await download('?to=2026-11-24');
    expect(until.response.headers.get('content-disposition')).toBe(
      'attachment; filename="reservations-to-2026-11-24.csv"',
    );
    expect(rowsOf(until.bytes)).toHaveLength(1 + 3);
    // A day without reservations: the header row alone.
    const empty = await download('?from=2026-12-01&to=2026-12-01');
    expect(rowsOf(empty.bytes)).toEqual([HEADER]);
  });

  it('refuses a date that is not one, and a range that ends before it starts', async () => {
    for (const [range, message] of [
      [{ from: '2026-02-30' }, 'The start of the range must be a date (YYYY-MM-DD).'],
      [{ to: 'tomorrow' }, 'The end of the range must be a date (YYYY-MM-DD).'],
      [{ from: '2026-11-25', to: '2026-11-24' }, 'The range ends before it starts.'],
    ] as const) {
      const response = await admin.api.reservations.export.$get({ query: range });
      const what = JSON.stringify(range);
      expect(response.status, what).toBe(400);
      expect(response.body, what).toEqual({ error: { message, code: 'invalid_request' } });
    }
  });
});
