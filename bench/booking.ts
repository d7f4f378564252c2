import autocannon from 'autocannon';
import { sql } from 'kysely';
import { addDays, todayIn, weekdayOf } from '../src/booking/calendar';
import { openDatabase } from '../src/server/db/database';
import { databaseTarget } from '../tests/support/book-integrity';
import { createTestDatabase } from '../tests/support/test-database';
import { signedInAdmin, TIME_ZONE, withApp, type Figure } from './support';

// Sustained bookings: 20 concurrent clients creating reservations with automatic table assignment, then
// the double bookings counted by a query over the reservations themselves (not over table_holds, the
// mechanism under test).

const CLIENTS = 20;
const SECONDS = 10;
const SEATINGS = [1700, 1730, 1800, 1830, 1900, 1930, 2000, 2030];
// Consecutive requests book the same date, so the 20 in flight compete for the same tables (on PostgreSQL,
// concurrent transactions really race for them), while 16 bookings leave a date short of full.
const PER_DATE = 16;

export const postgresAdminUrl = () => process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Pairs of reservations on the same date, overlapping in time, that share a table. */
export async function countDoubleBookings(databaseUrl: string): Promise<{ reservations: number; doubles: number }> {
  const target = databaseTarget(databaseUrl);
  const database = openDatabase(target);
  const { db } = database;
  try {
    // tableIds is a JSON array of ids in a text column; startTime/endTime are HHMM, which order like minutes.
    const tablesOf = (alias: string) =>
      target.dialect === 'sqlite'
        ? sql.raw(`json_each(${alias}."tableIds")`)
        : sql.raw(`jsonb_array_elements_text(${alias}."tableIds"::jsonb)`);
    const doubles = await sql<{ count: number }>`
      select count(*) as count
      from reservations a
      join reservations b
        on b."reservationDate" = a."reservationDate" and a.id < b.id
       and a."startTime" < b."endTime" and b."startTime" < a."endTime"
      where exists (
        select 1 from ${tablesOf('a')} as ta, ${tablesOf('b')} as tb where ta.value = tb.value
      )`.execute(db);
    const rows = await sql<{ count: number }>`select count(*) as count from reservations`.execute(db);
    return { reservations: Number(rows.rows[0]!.count), doubles: Number(doubles.rows[0]!.count) };
  } finally {
    await database.close();
  }
}

export async function benchBooking(dialect: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const database = await createTestDatabase(dialect === 'postgres' ? postgresAdminUrl() : undefined);
  return withApp(database, async (app) => {
    // The admin: may book two years ahead on any table, so the run books for 10 seconds without the book
    // filling up. One sign-in, its cookie shared by the 20 clients (sign-in is rate limited).
    const admin = await signedInAdmin(app.url);
    const today = todayIn(TIME_ZONE);
    const dates = Array.from({ length: 700 }, (_, i) => addDays(today, i + 1)).filter((d) => weekdayOf(d) !== 1);
    let n = 0;
    const body = () => {
      const i = n++;
      return JSON.stringify({
        name: `Bench Booking ${i}`,
        phoneNumber: '5550100199',
        reservationDate: dates[Math.floor(i / PER_DATE) % dates.length],
        partySize: (i % 4) + 1,
        seatType: i % 3 === 0 ? 'counter' : 'table',
        startTime: SEATINGS[i % SEATINGS.length],
        reminderEmail: 'guest@bench.example',
      });
    };
    const run = (duration: number) =>
      autocannon({
        url: app.url,
        connections: CLIENTS,
        duration,
        requests: [
          {
            method: 'POST',
            path: '/api/reservations',
            headers: { cookie: admin.cookieHeader(), origin: app.url, 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: body() }),
          },
        ],
      });

    await run(3); // warm-up: JIT, connection pool; its bookings stay in the book and are audited too
    const result = await run(SECONDS);
    const statuses = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
    );
    const created = statuses['201'] ?? 0;
    const refused = statuses['409'] ?? 0; // no table left at that time (or lost the race three times)
    const other = result.requests.total - created - refused + result.errors + result.timeouts;
    if (other > 0) throw new Error(`unexpected answers: ${JSON.stringify(statuses)}, ${result.errors} errors`);

    const { reservations, doubles } = await countDoubleBookings(database.url);
    const name = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const perSecond = created / result.duration;
    const section = `Booking (${CLIENTS} concurrent clients, ${SECONDS} s, automatic table assignment)`;
    return [
      {
        section,
        name: `creates/s on ${name}`,
        value: Math.round(perSecond),
        unit: 'bookings/s',
        note: `${created} created, ${refused} refused (409), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
        ...(dialect === 'sqlite' ? { target: '>= 300/s', met: perSecond >= 300 } : {}),
      },
      {
        section,
        name: `double bookings on ${name}`,
        value: doubles,
        unit: '',
        target: '0',
        met: doubles === 0,
        note: `over all ${reservations} reservations written (warm-up included)`,
      },
    ];
  });
}
