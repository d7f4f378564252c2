import { addDays, todayIn, weekdayOf } from '../src/booking/calendar';
import { openEventStream } from '../tests/support/sse';
import { createTestDatabase } from '../tests/support/test-database';
import { postgresAdminUrl } from './booking';
import { percentile, signedInAdmin, TIME_ZONE, withApp, type Figure } from './support';

// Live update latency: from sending a booking to the arrival, on the admin's open stream of that date, of
// the first snapshot that holds it. One booking at a time on an otherwise idle server, so this is the
// path's own latency (the server coalesces changes for 20 ms before it sends, by design).

const SAMPLES = 200;
const WARM_UP = 20;
const FLOOR_TABLES = ['1', '2', '3', '4', '5', '6', '7', '8'];

export async function benchLiveUpdates(dialect: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const database = await createTestDatabase(dialect === 'postgres' ? postgresAdminUrl() : undefined);
  return withApp(database, async (app) => {
    const admin = await signedInAdmin(app.url);
    let date = addDays(todayIn(TIME_ZONE), 3);
    while (weekdayOf(date) === 1) date = addDays(date, 1);

    // A busy night: every floor table taken at three seatings, so each snapshot carries 25 reservations.
    for (const tableId of FLOOR_TABLES) {
      for (const startTime of [1700, 1830, 2000]) {
        const response = await admin.post(
          '/api/reservations',
          booking(date, `Floor ${tableId} ${startTime}`, {
            seatType: 'table',
            partySize: 2,
            startTime,
            tableIds: [tableId],
          }),
        );
        if (response.status !== 201) throw new Error(`pre-booking answered ${response.status}`);
      }
    }

    // Each snapshot is the date's whole book; a waiter resolves on the first one that passes its test.
    let waiter: { test: (names: Set<string>) => boolean; resolve: (arrivedAt: number) => void } | undefined;
    const stream = await openEventStream(
      `${app.url}/api/reservations/stream?date=${date}`,
      admin.cookieHeader(),
      (event, data) => {
        const arrivedAt = performance.now();
        if (event !== 'snapshot' || !waiter) return;
        const { reservations } = JSON.parse(data) as { reservations: { name: string }[] };
        if (waiter.test(new Set(reservations.map((r) => r.name)))) waiter.resolve(arrivedAt);
      },
    );
    const next = (test: (names: Set<string>) => boolean) =>
      new Promise<number>((resolve) => (waiter = { test, resolve }));

    const latencies: number[] = [];
    try {
      for (let i = 0; i < WARM_UP + SAMPLES; i++) {
        const name = `Live ${i}`;
        const arrived = next((names) => names.has(name));
        const sentAt = performance.now();
        const response = await admin.post(
          '/api/reservations',
          booking(date, name, { seatType: 'counter', partySize: 1, startTime: 1900 }),
        );
        if (response.status !== 201) throw new Error(`booking answered ${response.status}`);
        const latency = (await withTimeout(arrived, `snapshot with ${name}`)) - sentAt;
        if (i >= WARM_UP) latencies.push(latency);
        // Cancel it and wait for the snapshot without it, so the next sample starts with nothing pending.
        const gone = next((names) => !names.has(name));
        await admin.delete(`/api/reservations/${response.body.reservation.id}`);
        await withTimeout(gone, `snapshot without ${name}`);
      }
    } finally {
      await stream.close();
    }
    latencies.sort((a, b) => a - b);
    const name = dialect === 'sqlite' ? 'SQLite, in-process feed' : 'PostgreSQL, LISTEN/NOTIFY';
    const section = `Live updates (admin stream, ${SAMPLES} bookings one at a time)`;
    const p99 = percentile(latencies, 99);
    return [
      { section, name: `create -> snapshot p50 (${name})`, value: percentile(latencies, 50), unit: 'ms' },
      {
        section,
        name: `create -> snapshot p99 (${name})`,
        value: p99,
        unit: 'ms',
        target: '< 100 ms',
        met: p99 < 100,
        note: `max ${latencies.at(-1)!.toFixed(1)} ms; includes the server's 20 ms coalescing wait`,
      },
    ];
  });
}

function booking(date: string, name: string, fields: Record<string, unknown>) {
  return { name, phoneNumber: '5550100199', reservationDate: date, reminderEmail: 'guest@bench.example', ...fields };
}

function withTimeout<T>(promise: Promise<T>, what: string, ms = 5000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
