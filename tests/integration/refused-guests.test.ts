import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchApp, type AppProcess } from '../support/app-process';
import { bookingBody } from '../support/reservation-factory';
import { makeSignedInGuests, newlyOpenedDate, type ReleaseGuest } from '../support/release-night';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Issue 31: on a release night most guests are refused, for a time that is gone. Their refusals are said from what
// the instance knows and from reads they share: no transaction, and on PostgreSQL no round trip of each guest's own.
// Before, each refused guest's attempt was counted in a statement of its own (the per-account booking limit), its
// network's bookings read in another, and its booking's id looked up in a third (is it a resend?). On SQLite those
// three stay each guest's own: there a statement is a call inside the process, not a round trip, and batching them
// only delayed the bookings (db/statement-batches.ts). The session and the date's fresh read are shared on both.
//
// The app runs as its own process, paused (SIGSTOP) while the guests' requests are written, so that it reads them all
// at once, as a busy app on a release night does; it logs each statement it sends (LOG_LEVEL=trace).

const TIME_ZONE = 'America/Los_Angeles'; // the app's default RESTAURANT_TIMEZONE
const SELLERS = 10;
const REFUSED = 40;
const SLOT_TAKEN = 'That time slot has been booked. Please refresh the page.';

/**
 * A connection the app has taken and answered once (a health check, kept alive), so the app holds it open and reads
 * what comes next at once; `answer` is the next answer, read to the end (the connection closes after it).
 */
async function openConnection(port: number): Promise<{ socket: Socket; answer: Promise<string> }> {
  const socket = connect({ host: '127.0.0.1', port });
  socket.setEncoding('utf8');
  let text = '';
  let answered = false;
  let firstAnswered: () => void = () => undefined;
  const first = new Promise<void>((resolve) => (firstAnswered = resolve));
  socket.on('data', (chunk: string) => {
    text += chunk;
    if (answered) return;
    const head = text.indexOf('\r\n\r\n');
    const length = /content-length: (\d+)/i.exec(text)?.[1];
    if (head >= 0 && length && text.length >= head + 4 + Number(length)) {
      text = text.slice(head + 4 + Number(length));
      answered = true;
      firstAnswered();
    }
  });
  const answer = new Promise<string>((resolve, reject) => {
    socket.once('end', () => resolve(text));
    socket.once('error', reject);
  });
  socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  await first;
  return { socket, answer };
}

const write = (socket: Socket, text: string) =>
  new Promise<void>((resolve, reject) => socket.write(text, (error) => (error ? reject(error) : resolve())));

describe('guests refused at once for a time that is gone', () => {
  let database: TestDatabase;
  let app: AppProcess;
  let guests: ReleaseGuest[];

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await launchApp({
      dataDir: database.dataDir,
      stdout: 'capture',
      // The per-address limit stays on (its reads are shared too), high enough for every guest here on 127.0.0.1.
      env: { LOG_LEVEL: 'trace', DATABASE_URL: database.url, BOOKING_RATE_PER_ADDRESS: '1000' },
    });
    guests = await makeSignedInGuests(
      { DATA_DIR: database.dataDir, DATABASE_URL: database.url, PUBLIC_URL: app.url },
      SELLERS + REFUSED,
      (index) => `refused${index}@example.com`,
    );
  }, 60_000);
  afterAll(async () => {
    if (app?.alive()) process.kill(app.pid, 'SIGCONT');
    await app?.stop();
    await database?.drop();
  });

  const timesOffered = async (date: string, guest: ReleaseGuest) => {
    const response = await fetch(`${app.url}/api/availability?date=${date}&partySize=2&seatType=table`, {
      headers: { cookie: guest.cookie, origin: app.url },
    });
    return ((await response.json()) as { times: number[] }).times;
  };
  const bookingRequest = (guest: ReleaseGuest, date: string, startTime: number) => {
    // With its own id, as the booking page sends every booking: each is checked for being a resend.
    const body = JSON.stringify(
      bookingBody({ reservationDate: date, startTime, reminderEmail: guest.email, id: randomUUID() }),
    );
    return [
      'POST /api/reservations HTTP/1.1',
      `Host: 127.0.0.1:${app.port}`,
      `Origin: ${app.url}`,
      `Cookie: ${guest.cookie}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n');
  };
  /** The app's log records between two lengths of its output. */
  const records = (from: number, to?: number) =>
    app
      .output()
      .slice(from, to)
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; sql?: string; method?: string; path?: string });

  it('tells them so from shared reads: no transaction, and on PostgreSQL no round trip of any guest its own', async () => {
    const date = await newlyOpenedDate(database.url, TIME_ZONE);
    const sellers = guests.slice(0, SELLERS);
    const refused = guests.slice(SELLERS);
    const time = (await timesOffered(date, sellers[0]!))[0]!;
    for (const seller of sellers) {
      if (!(await timesOffered(date, seller)).includes(time)) break;
      const response = await fetch(`${app.url}/api/reservations`, {
        method: 'POST',
        headers: { cookie: seller.cookie, origin: app.url, 'content-type': 'application/json' },
        body: JSON.stringify(bookingBody({ reservationDate: date, startTime: time, reminderEmail: seller.email })),
      });
      expect(response.status).toBe(201);
    }
    expect(await timesOffered(date, refused[0]!)).not.toContain(time);

    const connections = await Promise.all(refused.map(() => openConnection(app.port)));
    const mark = app.output().length;
    process.kill(app.pid, 'SIGSTOP');
    try {
      await Promise.all(connections.map(({ socket }, i) => write(socket, bookingRequest(refused[i]!, date, time))));
    } finally {
      process.kill(app.pid, 'SIGCONT');
    }
    const answers = await Promise.all(connections.map(({ answer }) => answer));
    // Each request is logged once answered, after the statements it sent: once all are, so are their statements.
    await expect
      .poll(() => records(mark).filter((record) => record.msg === 'request' && record.method === 'POST').length)
      .toBe(REFUSED);

    for (const answer of answers) {
      expect(answer.slice(0, answer.indexOf('\r\n'))).toBe('HTTP/1.1 409 Conflict');
      expect(answer).toContain(SLOT_TAKEN);
    }
    const statements = records(mark)
      .filter((record) => record.msg === 'statement')
      .map((record) => record.sql!);
    const transactions = (texts: string[]) => texts.filter((text) => /^(begin|start transaction)/i.test(text));
    expect(transactions(statements)).toEqual([]);
    // (Each seller's booking, made before, was a transaction, and seen as one here.)
    const before = records(0, mark).filter((record) => record.msg === 'statement');
    expect(transactions(before.map((record) => record.sql!)).length).toBeGreaterThan(0);
    const sessionReads = statements.filter((text) => /from "session"/i.test(text));
    const dateReads = statements.filter((text) => /coalesce\("heldUntil", "endTime"\)/i.test(text));
    for (const shared of [sessionReads, dateReads]) {
      expect(shared.length).toBeGreaterThan(0);
      expect(shared.length).toBeLessThanOrEqual(REFUSED / 10);
    }
    const counted = statements.filter((text) => /insert into "rate_counters"/i.test(text));
    const networkRead = statements.filter((text) => /from "rate_counters"/i.test(text));
    const lookedUp = statements.filter((text) => /"reservations"\."id" (=|in)/i.test(text));
    if (database.dialect === 'sqlite') {
      for (const own of [counted, networkRead, lookedUp]) expect(own).toHaveLength(REFUSED);
      return;
    }
    for (const shared of [counted, networkRead, lookedUp]) {
      expect(shared.length).toBeGreaterThan(0);
      expect(shared.length).toBeLessThanOrEqual(REFUSED / 10);
    }
    expect(statements.length).toBeLessThan(REFUSED / 2);
  }, 60_000);
});
