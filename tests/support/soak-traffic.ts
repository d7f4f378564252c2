import { setTimeout as sleep } from 'node:timers/promises';
import { addDays, todayIn, weekdayOf } from '../../src/booking/calendar';
import { TestClient } from './http-client';
import { openEventStream } from './sse';

// The soak's traffic, shared by the reliability test (which judges it) and the bench (which prints the
// memory it leaves): for `seconds`, guests browse, book, edit and cancel, and the admin reads the book and
// keeps one day's live stream open the whole time. Every request's status is checked; an unexpected one or a
// network error is kept as a failure and the traffic goes on, so the figures still print.

export interface SoakOptions {
  seconds: number;
  admin: { email: string; password: string };
  /** The app's resident memory in bytes, read from outside its process; sampled every second. */
  rss: () => number;
  guests?: number;
}

export interface MemorySample {
  second: number;
  rss: number;
  requests: number;
}

export interface SoakResult {
  counts: { requests: number; slotTaken: number; booked: number; edited: number; moved: number; cancelled: number };
  failures: string[];
  memory: MemorySample[];
  /** The admin's stream: each snapshot's arrival and the ids it listed, sorted. */
  snapshots: { at: number; ids: string[] }[];
  streamEndedEarly: boolean;
  /** The streamed day's reservation ids as the admin's list gave them once the traffic stopped, sorted. */
  dayIds: string[];
  deadline: number;
}

export async function runSoak(url: string, options: SoakOptions): Promise<SoakResult> {
  const { seconds, admin: adminAccount } = options;
  const today = todayIn('America/Los_Angeles');
  // Guests book from tomorrow up to 60 days ahead; Mondays are closed.
  const dates = Array.from({ length: 58 }, (_, i) => addDays(today, i + 2)).filter((d) => weekdayOf(d) !== 1);
  const streamDate = dates[0]!;

  const counts = { requests: 0, slotTaken: 0, booked: 0, edited: 0, moved: 0, cancelled: 0 };
  const failures: string[] = [];
  const call = async (what: string, expected: number[], request: () => ReturnType<TestClient['get']>) => {
    counts.requests++;
    try {
      const response = await request();
      if (!expected.includes(response.status)) {
        failures.push(`${what}: ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
      }
      return response;
    } catch (error) {
      failures.push(`${what}: ${String((error as { cause?: unknown }).cause ?? error)}`);
      return undefined;
    }
  };

  const admin = new TestClient(url, {}, '127.0.0.2');
  const signIn = await admin.signIn(adminAccount.email, adminAccount.password);
  if (signIn.status !== 200) throw new Error(`the admin could not sign in: ${signIn.status}`);

  // The admin's live view of one day, open from start to end. Every other guest booking lands on that day.
  const snapshots: { at: number; ids: string[] }[] = [];
  let streamEndedEarly = false;
  let closing = false;
  const stream = await openEventStream(
    `${url}/api/reservations/stream?date=${streamDate}`,
    admin.cookieHeader(),
    (event, data) => {
      if (event !== 'snapshot') return;
      const { reservations } = JSON.parse(data) as { reservations: { id: string }[] };
      snapshots.push({ at: Date.now(), ids: reservations.map((r) => r.id).sort() });
    },
  );
  void stream.ended.then(() => (streamEndedEarly = !closing));

  const started = Date.now();
  const deadline = started + seconds * 1000;

  const guest = async (index: number) => {
    const email = `soak${index}@example.com`;
    const client = new TestClient(url, {}, `127.0.0.${20 + index}`);
    await call('sign-up', [200], () => client.signUp(email, `soak-password-${index}`));
    const mine: string[] = [];
    for (let n = 0; Date.now() < deadline; n++) {
      const date = n % 2 === 0 ? streamDate : dates[(index * 13 + n) % dates.length]!;
      const partySize = (n % 4) + 1;
      const seatType = n % 3 === 0 ? 'counter' : 'table';
      // Browse: what a guest's pages ask for.
      await call('session', [200], () => client.get('/api/session'));
      const times = await call('availability', [200], () =>
        client.get(`/api/availability?date=${date}&partySize=${partySize}&seatType=${seatType}`),
      );
      const offered = (times?.body?.times as number[] | undefined) ?? [];
      // Book one of the offered times; another guest may take it first (409, counted apart).
      const startTime = offered[n % Math.max(1, offered.length)];
      if (startTime !== undefined) {
        const booking = await call('book', [201, 409], () =>
          client.post('/api/reservations', {
            name: `Soak ${index}-${n}`,
            phoneNumber: '5550100199',
            reservationDate: date,
            partySize,
            seatType,
            startTime,
            reminderEmail: email,
            ...(n % 5 === 0 ? { specialRequests: 'Window seat, please' } : {}),
          }),
        );
        if (booking?.status === 201) {
          counts.booked++;
          mine.push(booking.body.reservation.id as string);
        } else if (booking?.status === 409) counts.slotTaken++;
      }
      await call('mine', [200], () => client.get('/api/reservations/mine'));
      const latest = mine.at(-1);
      if (latest && n % 3 === 1) {
        await call('one', [200], () => client.get(`/api/reservations/${latest}`));
        const edit = await call('edit', [200], () =>
          client.patch(`/api/reservations/${latest}`, { name: `Soak edited ${index}-${n}` }),
        );
        if (edit?.status === 200) counts.edited++;
      } else if (latest && n % 3 === 2) {
        // A move to another seating needs free tables there: 409 when none is left.
        const move = await call('move', [200, 409], () =>
          client.patch(`/api/reservations/${latest}`, { startTime: n % 2 === 0 ? 1930 : 1800 }),
        );
        if (move?.status === 200) counts.moved++;
        else if (move?.status === 409) counts.slotTaken++;
      }
      // Cancel as often as booking, so each guest holds at most three and the book stays the same size.
      if (mine.length > 3) {
        const id = mine.shift()!;
        const cancel = await call('cancel', [200], () => client.delete(`/api/reservations/${id}`));
        if (cancel?.status === 200) counts.cancelled++;
      }
    }
  };

  const adminReader = async () => {
    while (Date.now() < deadline) {
      await call('admin session', [200], () => admin.get('/api/session'));
      await call('admin day', [200], () => admin.get(`/api/reservations?date=${streamDate}`));
      await call('admin all', [200], () => admin.get('/api/reservations/all'));
      await call('admin tables', [200], () => admin.get('/api/tables'));
      await call('admin free tables', [200], () =>
        admin.get(`/api/tables/available?date=${streamDate}&startTime=1900&seatType=table`),
      );
      await sleep(250);
    }
  };

  const memory: MemorySample[] = [];
  const sampler = setInterval(
    () => memory.push({ second: (Date.now() - started) / 1000, rss: options.rss(), requests: counts.requests }),
    1000,
  );
  try {
    await Promise.all([...Array.from({ length: options.guests ?? 6 }, (_, i) => guest(i)), adminReader()]);
  } finally {
    clearInterval(sampler);
  }

  // The stream must end where the book ends: its last snapshot is compared with the day's list.
  await sleep(500);
  const day = await admin.get(`/api/reservations?date=${streamDate}`);
  const dayIds = (day.body.reservations as { id: string }[]).map((r) => r.id).sort();
  closing = true;
  await stream.close();
  return { counts, failures, memory, snapshots, streamEndedEarly, dayIds, deadline };
}

export interface SoakMemory {
  /** Median RSS over the minute after warm-up, and over the last minute, in bytes; and the peak. */
  baseline: number;
  end: number;
  peak: number;
  /** Requests between the two windows' medians: how much traffic a growth would be spread over. */
  requestsBetween: number;
  /** Whether the run was long enough (3 minutes) to have a settled minute to compare with the last. */
  judged: boolean;
  /** About ten samples, "31s 306.2" (MiB). */
  timeline: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

/**
 * Warm-up is the first minute: V8 sizes its heap to the load, code caches fill, SQLite's page cache or pg's
 * pool fills. The baseline is the median RSS over the minute after warm-up, the end the median over the last
 * minute; medians smooth the garbage collector's sawtooth. A run shorter than 3 minutes has no settled minute
 * to compare: its windows are fractions of the run, and it is shown, not judged.
 */
export function soakMemory(memory: MemorySample[], seconds: number): SoakMemory {
  const judged = seconds >= 3 * 60;
  const window = (from: number, to: number) => memory.filter((s) => s.second >= from && s.second < to);
  const [baseWindow, endWindow] = judged
    ? [window(60, 120), window(seconds - 60, Infinity)]
    : [window(seconds * 0.2, seconds * 0.4), window(seconds * 0.8, Infinity)];
  const timeline = memory
    .filter((_, i) => i % Math.max(1, Math.round(memory.length / 10)) === 0)
    .map((sample) => `${Math.round(sample.second)}s ${mib(sample.rss)}`)
    .join(', ');
  return {
    baseline: median(baseWindow.map((s) => s.rss)),
    end: median(endWindow.map((s) => s.rss)),
    peak: Math.max(...memory.map((s) => s.rss)),
    requestsBetween: median(endWindow.map((s) => s.requests)) - median(baseWindow.map((s) => s.requests)),
    judged,
    timeline,
  };
}
