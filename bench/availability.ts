import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { addDays, todayIn, weekdayOf } from '../src/booking/calendar';
import { endTimeFor } from '../src/booking/clock';
import { openDatabase } from '../src/server/db/database';
import type { Reservation } from '../src/shared/reservation';
import { activeTables } from '../src/booking/restaurant-settings';
import { insertReservation } from '../src/server/reservations/reservation-store';
import { readTables } from '../src/server/settings/settings-store';
import { databaseTarget } from '../tests/support/book-integrity';
import { createTestDatabase, type TestDatabase } from '../tests/support/test-database';
import { signedUpGuest, TIME_ZONE, withApp, type Figure } from './support';

// Availability under load: GET /api/availability from a signed-in guest at 50 connections, on a book of
// 30,000 reservations, next to the cheapest real endpoint of the same server (/api/health: one
// `select 1`) in the same run.

const RESERVATIONS = 30_000;
const CONNECTIONS = 50;
const SECONDS = 10;
// Three seatings a night that do not overlap (90 minutes each), so every table can be held three times.
const SEATINGS = [1700, 1830, 2000];
// Four tables in five taken at each seating: a busy book in which times are still found.
const FILL = 0.8;

/**
 * Writes the book through the app's own store (each reservation with its table holds, one transaction per
 * day, as a booking writes them). 30,000 reservations do not fit in one year: 20 tables x 3 seatings is
 * 60 a night at most, so the book runs from a year back to about a year ahead, which also covers every
 * date a guest may ask about.
 */
async function seedBook(database: TestDatabase) {
  const appDatabase = openDatabase(databaseTarget(database.url));
  const { db } = appDatabase;
  try {
    const tables = activeTables(await readTables(db));
    let date = addDays(todayIn(TIME_ZONE), -365);
    const firstDate = date;
    let count = 0;
    let n = 0;
    while (count < RESERVATIONS) {
      if (weekdayOf(date) !== 1) {
        const day: Reservation[] = [];
        for (const startTime of SEATINGS) {
          for (const table of tables) {
            // A fixed pattern rather than randomness, so every run measures the same book.
            if ((n++ * 7919) % 100 >= FILL * 100 || count + day.length >= RESERVATIONS) continue;
            const k = count + day.length;
            const stamp = new Date().toISOString();
            day.push({
              id: randomUUID(),
              tableIds: [table.id],
              startTime,
              endTime: endTimeFor(startTime),
              reservationDate: date,
              email: `guest${k % 2000}@bench.example`,
              reminderEmail: `guest${k % 2000}@bench.example`,
              partySize: Math.min(table.numSeats, 2),
              name: `Bench Guest ${k}`,
              phoneNumber: '5550100199',
              seatType: table.location === 'counter' ? 'counter' : 'table',
              specialRequests: null,
              createdAt: stamp,
              updatedAt: stamp,
            });
          }
        }
        await db.transaction().execute(async (trx) => {
          for (const reservation of day) await insertReservation(trx, reservation, null, undefined);
        });
        count += day.length;
      }
      date = addDays(date, 1);
    }
    return { count, firstDate, lastDate: addDays(date, -1) };
  } finally {
    await appDatabase.close();
  }
}

async function load(url: string, path: () => string, options: { cookie?: string; connections?: number } = {}) {
  const result = await autocannon({
    url,
    connections: options.connections ?? CONNECTIONS,
    duration: SECONDS,
    headers: options.cookie ? { cookie: options.cookie } : {},
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: path() }) }],
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed) throw new Error(`${failed} of ${result.requests.total} requests failed`);
  return { rps: result.requests.total / result.duration, p50: result.latency.p50, p99: result.latency.p99 };
}

export async function benchAvailability(): Promise<Figure[]> {
  return withApp(await createTestDatabase(undefined), async (app, database) => {
    const startedAt = performance.now();
    const seeded = await seedBook(database);
    const seedSeconds = (performance.now() - startedAt) / 1000;
    console.log(
      `  seeded ${seeded.count} reservations (${seeded.firstDate} to ${seeded.lastDate}) in ${seedSeconds.toFixed(1)} s`,
    );
    const cookie = (await signedUpGuest(app.url, 'availability@bench.example')).cookieHeader();

    // What guests ask: every open date they may book (tomorrow to 60 days ahead), party sizes 1 to 4, tables
    // and counter, in turn, so no answer is the same twice in a row.
    const today = todayIn(TIME_ZONE);
    const dates = Array.from({ length: 60 }, (_, i) => addDays(today, i + 1)).filter((d) => weekdayOf(d) !== 1);
    let i = 0;
    const availabilityPath = () => {
      const n = i++;
      const seatType = n % 3 === 0 ? 'counter' : 'table';
      return `/api/availability?date=${dates[n % dates.length]}&partySize=${(n % 4) + 1}&seatType=${seatType}`;
    };
    // The queries must do the work a guest's does: dates inside the guest's window, whose book is read.
    const sample = await fetch(`${app.url}/api/availability?date=${dates[0]}&partySize=2&seatType=table`, {
      headers: { cookie },
    }).then((response) => response.json() as Promise<{ times: number[] }>);
    if (!Array.isArray(sample.times) || sample.times.length === 0) {
      throw new Error(`availability answered no times for ${dates[0]}: the queries would measure a refusal`);
    }

    await load(app.url, availabilityPath, { cookie }); // warm-up: JIT, SQLite page cache
    // The trivial endpoint twice: for a visitor without a session (nothing but routing, headers and
    // `select 1`), and for the same signed-in guest as availability, which adds the session lookup every
    // guest request pays (Better Auth: the signed cookie checked, the session and its user read).
    const trivial = await load(app.url, () => '/api/health');
    const trivialSignedIn = await load(app.url, () => '/api/health', { cookie });
    const availability = await load(app.url, availabilityPath, { cookie });
    // One connection: the time a request takes without waiting behind others.
    const single = await load(app.url, availabilityPath, { cookie, connections: 1 });

    const section = `Availability (${seeded.count.toLocaleString('en-US')} reservations, SQLite, ${CONNECTIONS} connections, ${SECONDS} s each)`;
    const rps = (value: number) => Math.round(value);
    const ratio = (of: { rps: number }) => availability.rps / of.rps;
    return [
      {
        section,
        name: 'GET /api/health, signed out (trivial)',
        value: rps(trivial.rps),
        unit: 'req/s',
        note: `p50 ${trivial.p50} ms, p99 ${trivial.p99} ms`,
      },
      {
        section,
        name: 'GET /api/health, signed-in guest (trivial + session lookup)',
        value: rps(trivialSignedIn.rps),
        unit: 'req/s',
        note: `p50 ${trivialSignedIn.p50} ms, p99 ${trivialSignedIn.p99} ms`,
      },
      {
        section,
        name: 'GET /api/availability, signed-in guest',
        value: rps(availability.rps),
        unit: 'req/s',
        note: `p50 ${availability.p50} ms`,
      },
      {
        section,
        name: 'availability / trivial, both as the signed-in guest',
        value: ratio(trivialSignedIn) * 100,
        unit: '%',
        target: '>= 50%',
        met: ratio(trivialSignedIn) >= 0.5,
        note: 'what the availability read itself costs',
      },
      {
        section,
        name: 'availability / trivial signed out',
        value: ratio(trivial) * 100,
        unit: '%',
        target: '>= 50%',
        met: ratio(trivial) >= 0.5,
        note: 'the stricter reading: the session lookup counted against availability',
      },
      {
        section,
        name: 'availability p99 latency',
        value: availability.p99,
        unit: 'ms',
        target: '< 20 ms',
        met: availability.p99 < 20,
        note: `${CONNECTIONS} connections / ${rps(availability.rps)} req/s = ${((CONNECTIONS / availability.rps) * 1000).toFixed(0)} ms mean wait`,
      },
      {
        section,
        name: 'availability p99 latency, 1 connection',
        value: single.p99,
        unit: 'ms',
        note: `p50 ${single.p50} ms, ${rps(single.rps)} req/s: one request at a time, no queue`,
      },
    ];
  });
}
