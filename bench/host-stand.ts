import { randomUUID } from 'node:crypto';
import { chromium, type Browser, type Page } from '@playwright/test';
import { todayIn } from '../src/booking/calendar';
import { endTimeFor } from '../src/booking/clock';
import { cardId } from '../src/client/admin/card-id';
import { insertBlock } from '../src/server/blocks/block-store';
import { openDatabase } from '../src/server/db/database';
import { insertReservation } from '../src/server/reservations/reservation-store';
import type { Reservation } from '../src/shared/reservation';
import { databaseTarget } from '../tests/support/book-integrity';
import { createTestDatabase } from '../tests/support/test-database';
import { postgresAdminUrl } from './booking';
import { ADMIN, CHROMIUM, CHROMIUM_FLAGS, percentile, signedInAdmin, TIME_ZONE, withApp, type Figure } from './support';

// The host stand on a full night (issue 30): today with 200 reservations and 20 seat blocks, written straight into
// the book (most of today's seatings have begun, and nobody can book those).
// - Render: the admin's date view moves from an empty date to the full one; the renderer's main-thread tasks from
//   the change to the frame that drew the last bar are summed from a Chromium trace (the timeline, the list's first
//   cards, the layout). The page changes the date and watches for the bar itself: Playwright's own typing and
//   polling would be counted too.
// - Status change: the host marks a party through the API; a second admin's open page shows the new status.
//   From the request sent to the status shown, one at a time, Arrived and back.
// BENCH_TRACE_DEBUG=1 prints where the render's main-thread time went, by trace event.

const RESERVATIONS = 200;
const BLOCKS = 20;
const SEATINGS = [1700, 1830, 2000];
const SAMPLES = 100;
const WARM_UP = 10;
const EXTRA_FLOOR_TABLES = 50;

export async function benchHostStand(dialect: 'sqlite' | 'postgres'): Promise<Figure[]> {
  const database = await createTestDatabase(dialect === 'postgres' ? postgresAdminUrl() : undefined);
  return withApp(database, async (app) => {
    const admin = await signedInAdmin(app.url);
    for (let i = 0; i < EXTRA_FLOOR_TABLES; i++) {
      const added = await admin.post('/api/settings/tables', { location: 'floor', numSeats: 4, isReservable: true });
      if (added.status !== 201) throw new Error(`adding a table answered ${added.status}`);
    }
    const tables = ((await admin.get('/api/tables')).body.tables as { id: string }[]).map((table) => table.id);
    const today = todayIn(TIME_ZONE);
    await fillTheNight(database.url, today, tables);

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.slice(1) });
    try {
      const [host, other] = [await adminPage(browser, app.url), await adminPage(browser, app.url)];
      const renderMs = await renderTime(host, app.url, today);
      await other.goto(`${app.url}/admin?date=${today}`);
      await other.getByText('Live: changes appear as they happen').waitFor();
      // The party marked is the list's first: the cards further down are drawn as the host scrolls.
      const firstCard = await other.getByRole('article').first().getAttribute('id');
      const latencies = await markLatencies(admin, other, firstCard!.slice(cardId('').length));
      const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
      const section = `Host stand (today: ${RESERVATIONS} reservations, ${BLOCKS} blocks)`;
      const p99 = percentile(latencies, 99);
      return [
        {
          section,
          name: `date view with timeline: main-thread time (${label})`,
          value: renderMs,
          unit: 'ms',
          target: '< 200 ms',
          met: renderMs < 200,
          note: 'Chromium trace, renderer main thread, from the date change to the frame that drew the last bar',
        },
        {
          section,
          name: `status change -> second browser p50 (${label})`,
          value: percentile(latencies, 50),
          unit: 'ms',
        },
        {
          section,
          name: `status change -> second browser p99 (${label})`,
          value: p99,
          unit: 'ms',
          target: '< 300 ms',
          met: p99 < 300,
          note: `${SAMPLES} marks one at a time; max ${latencies.at(-1)!.toFixed(1)} ms`,
        },
      ];
    } finally {
      await browser.close();
    }
  });
}

/** Today's book: parties of 2 at three seatings a table, then a block on each of 20 tables after the last. */
async function fillTheNight(url: string, date: string, tables: string[]) {
  const book = openDatabase(databaseTarget(url));
  const stamp = new Date().toISOString();
  try {
    const reservations = Array.from({ length: RESERVATIONS }, (_, i): Reservation => {
      const startTime = SEATINGS[i % SEATINGS.length]!;
      return {
        id: randomUUID(),
        tableIds: [tables[Math.floor(i / SEATINGS.length)]!],
        startTime,
        endTime: endTimeFor(startTime),
        reservationDate: date,
        email: '',
        reminderEmail: 'party@bench.example',
        partySize: 2,
        name: `Party ${i + 1}`,
        phoneNumber: '5550100199',
        seatType: tables[Math.floor(i / SEATINGS.length)]!.startsWith('C') ? 'counter' : 'table',
        specialRequests: null,
        createdAt: stamp,
        updatedAt: stamp,
      };
    });
    await book.db.transaction().execute(async (trx) => {
      for (const reservation of reservations) await insertReservation(trx, reservation, null, undefined);
      for (let i = 0; i < BLOCKS; i++) {
        await insertBlock(trx, {
          id: randomUUID(),
          tableIds: [tables[i]!],
          firstDate: date,
          lastDate: date,
          startTime: 2130,
          endTime: 2300,
          note: `late hold ${i + 1}`,
          createdAt: stamp,
          createdBy: ADMIN.email,
        });
      }
    });
  } finally {
    await book.close();
  }
}

async function adminPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  const response = await page.request.post(`${url}/api/auth/sign-in/email`, {
    data: { email: ADMIN.email, password: ADMIN.password },
    headers: { origin: url },
  });
  if (!response.ok()) throw new Error(`admin sign-in answered ${response.status()}`);
  return page;
}

/** The renderer's main-thread work from moving the date view to `date` until its timeline has every bar. */
async function renderTime(page: Page, url: string, date: string): Promise<number> {
  await page.goto(`${url}/admin?date=2031-01-07`);
  await page.getByText('Live: changes appear as they happen').waitFor();
  await page.getByText('No seats are blocked on this date.').waitFor();
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'blink.user_timing'] });
  // The page itself changes the date and, at each frame, looks for the last bar, marking both moments: Playwright's
  // typing and polling run on the page's main thread too (its polling script alone is a tenth of the figure).
  // (A string: tsx would wrap the named functions of a function passed here in a helper the page lacks.)
  await page.evaluate(`
    window.benchDrawn = new Promise((resolve, reject) => {
      setTimeout(() => reject(new Error('the timeline was not drawn within 20 s')), 20000);
      const timeline = '[aria-label="Timeline, by table"]';
      const drawn = () =>
        document.querySelectorAll(timeline + ' button').length >= ${RESERVATIONS} &&
        [...document.querySelectorAll(timeline + ' span')].some((span) => span.textContent === 'Blocked: late hold ${BLOCKS}');
      // Looked for in a frame's callback, before that frame's layout and paint: the mark waits for them.
      const look = () => {
        if (!drawn()) return requestAnimationFrame(look);
        setTimeout(() => {
          performance.mark('drawn');
          resolve();
        });
      };
      requestAnimationFrame(look);
    });
    undefined; // (else the evaluation would wait for the promise)
  `);
  await page.getByLabel('Date', { exact: true }).evaluate((input: HTMLInputElement, value) => {
    performance.mark('date-changed');
    // As a date picker does: the new value, then the input event React listens to; in a task of its own, which
    // begins after the mark, so that its work is counted.
    setTimeout(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }, date);
  await page.evaluate(() => (window as unknown as { benchDrawn: Promise<void> }).benchDrawn);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  return mainThreadMs(trace.traceEvents);
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * The summed length of the page's main-thread top-level tasks between the two marks it set (the marks say which
 * renderer and thread are the page's: a trace holds every renderer's).
 */
function mainThreadMs(events: TraceEvent[]): number {
  const markOf = (name: string) => events.find((event) => event.name === name && event.ph !== 'X');
  const [from, to] = [markOf('date-changed'), markOf('drawn')];
  if (!from || !to) throw new Error('the trace lacks the marks');
  const tasks = events.filter(
    (event) =>
      event.pid === from.pid &&
      event.tid === from.tid &&
      event.ph === 'X' &&
      event.name === 'ThreadControllerImpl::RunTask' &&
      event.ts >= from.ts &&
      event.ts <= to.ts,
  );
  if (process.env.BENCH_TRACE_DEBUG) {
    const names = new Map<string, number>();
    for (const event of events)
      if (
        event.pid === from.pid &&
        event.tid === from.tid &&
        event.ph === 'X' &&
        event.ts >= from.ts &&
        event.ts <= to.ts
      )
        names.set(event.name, (names.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
    console.log([...names].sort((a, b) => b[1] - a[1]).slice(0, 20));
  }
  return tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000;
}

/** The host marks a party Arrived and back through the API; each time, until the other admin's page says so. */
async function markLatencies(
  admin: Awaited<ReturnType<typeof signedInAdmin>>,
  other: Page,
  id: string,
): Promise<number[]> {
  const latencies: number[] = [];
  let status: 'booked' | 'arrived' = 'booked';
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    const to: 'booked' | 'arrived' = status === 'booked' ? 'arrived' : 'booked';
    const shown = to === 'arrived' ? 'Arrived' : 'Booked';
    const sentAt = performance.now();
    const answer = await admin.post(`/api/reservations/${id}/service`, { from: status, to });
    if (answer.status !== 200) throw new Error(`the mark answered ${answer.status}`);
    // Looked for at every frame: a locator's own polling would add its intervals to the figure.
    await other.waitForFunction(
      ({ card, text }) =>
        [...(document.getElementById(card)?.querySelectorAll('span') ?? [])].some((span) => span.textContent === text),
      { card: cardId(id), text: shown },
      { polling: 'raf', timeout: 5_000 },
    );
    if (i >= WARM_UP) latencies.push(performance.now() - sentAt);
    status = to;
  }
  return latencies.sort((a, b) => a - b);
}
