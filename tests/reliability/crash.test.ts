import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn, weekdayOf } from '../../src/booking/calendar';
import type { Reservation } from '../../src/shared/reservation';
import { startAppProcess, type AppProcess } from '../support/app-process';
import { auditBook } from '../support/book-integrity';
import { NO_FAIR_USE_LIMITS } from '../support/fair-use';
import { freePort } from '../support/free-port';
import { TestClient } from '../support/http-client';
import { OWNER, OWNER_ENV } from '../support/owner';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Crash recovery: bookings pour in from concurrent clients (guests and the admin) while the server is killed
// with SIGKILL (no shutdown code runs) and restarted on the same database, several times. Clients retry
// through the outages like a careful user: after a connection error they first look whether the booking
// went through, and send it again only if it did not. Afterwards the database is read directly: every
// acknowledged booking is there exactly as sent, every row is accounted for, nothing overlaps, nothing is
// half-written, and the engine finds itself intact.

// CRASH_KILLS (default 5) for a longer hunt.
const KILLS = Number(process.env.CRASH_KILLS ?? 5);
const ADMINS = 4;
const GUESTS = 4;
const SEATINGS = [1700, 1730, 1800, 1830, 1900, 1930, 2000, 2030];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a client sent, as the server must store it (the phone number is stored as digits). */
interface Booking {
  name: string;
  phoneNumber: string;
  reservationDate: string;
  startTime: number;
  partySize: number;
  seatType: 'table' | 'counter';
  reminderEmail: string;
  specialRequests: string | null;
  tableIds?: string[];
}

// undici's errors when the server is gone: refused while it is down, reset or closed when killed mid-request
// (also while the answer's body is being read). Anything else is a real failure.
const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
function isConnectionError(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return error instanceof TypeError && CONNECTION_ERRORS.has(cause?.code ?? '');
}

describe('crash recovery under load', () => {
  let database: TestDatabase;
  let port: number;
  let app: AppProcess | undefined;
  const env = () => ({
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    ...OWNER_ENV,
    // Eight clients book as fast as they can, a few accounts many times: a load, not fair use.
    ...NO_FAIR_USE_LIMITS,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    port = await freePort();
    app = await startAppProcess(port, env());
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it('keeps every acknowledged booking, whole and once, without overlaps, across repeated SIGKILLs', async () => {
    const url = app!.url;
    const today = todayIn('America/Los_Angeles');
    const openDates = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => addDays(today, from + i)).filter((d) => weekdayOf(d) !== 1);
    // Guests may book up to 60 days ahead: they all walk the same dates at about the same pace, so they
    // compete for tables. The admin spreads over two years, and now and then picks tables by hand on the
    // guests' dates (the path without automatic reassignment).
    const guestDates = openDates(2, 56);
    const adminDates = openDates(61, 600);

    const acknowledged = new Map<string, { sent: Booking; answer: Record<string, unknown> }>();
    /** Committed, but the answer was lost to a kill: found by the client's look-up before resending. */
    const foundAfterCrash = new Map<string, Booking>();
    const stats = { attempts: 0, refusedAsFull: 0, connectionErrors: 0 };
    /** Bookings sent and not yet answered, right now. */
    let inFlight = 0;
    const clientErrors: unknown[] = [];
    let running = true;

    // Accounts exist before the first kill; their sessions must survive every restart.
    const clients: { client: TestClient; email: string; role: 'admin' | 'guest' }[] = [];
    for (let i = 0; i < ADMINS; i++) {
      const client = new TestClient(url, {}, `127.0.0.${10 + i}`);
      expect((await client.signIn(OWNER.email, OWNER.password)).status).toBe(200);
      clients.push({ client, email: OWNER.email, role: 'admin' });
    }
    for (let i = 0; i < GUESTS; i++) {
      const email = `crash-guest${i}@example.com`;
      const client = new TestClient(url, {}, `127.0.0.${30 + i}`);
      expect((await client.signUp(email, `guest-password-${i}`)).status).toBe(200);
      clients.push({ client, email, role: 'guest' });
    }

    const bookingFor = (index: number, n: number, role: 'admin' | 'guest', email: string): Booking => {
      const handPicked = role === 'admin' && n % 4 === 0;
      return {
        name: `Crash ${index}-${n}`,
        phoneNumber: '5550100199',
        reservationDate: handPicked
          ? guestDates[Math.floor(n / 6) % guestDates.length]!
          : role === 'guest'
            ? guestDates[Math.floor(n / 3) % guestDates.length]!
            : adminDates[(index * 97 + n * 7) % adminDates.length]!,
        startTime: SEATINGS[(index + n) % SEATINGS.length]!,
        partySize: handPicked ? 2 : (n % 4) + 1,
        seatType: handPicked || n % 3 !== 0 ? 'table' : 'counter',
        reminderEmail: email,
        specialRequests: n % 5 === 0 ? `Allergy note ${index}-${n}: no shellfish` : null,
        ...(handPicked ? { tableIds: [['7'], ['1'], ['8'], ['2']][(n / 4) % 4]! } : {}),
      };
    };

    /** The client's own look-up: is a booking of this name on the book? */
    const lookUp = async (client: TestClient, role: 'admin' | 'guest', booking: Booking) => {
      const response =
        role === 'admin'
          ? await client.get(`/api/reservations?date=${booking.reservationDate}`)
          : await client.get('/api/reservations/mine');
      if (response.status !== 200) throw new Error(`look-up answered ${response.status}`);
      return (response.body.reservations as { id: string; name: string }[]).find((r) => r.name === booking.name);
    };

    const run = async (index: number) => {
      const { client, email, role } = clients[index]!;
      for (let n = 0; running; n++) {
        const booking = bookingFor(index, n, role, email);
        // Until this booking is settled: acknowledged, refused, or found on the book after an outage.
        for (let uncertain = false; ;) {
          try {
            if (uncertain) {
              const found = await lookUp(client, role, booking);
              if (found) {
                foundAfterCrash.set(found.id, booking);
                break;
              }
              uncertain = false;
            }
            stats.attempts++;
            uncertain = true; // from here until an answer arrives, the booking may have committed
            inFlight++;
            const response = await client.post('/api/reservations', booking).finally(() => inFlight--);
            if (response.status === 201) {
              const answer = response.body.reservation as Record<string, unknown>;
              acknowledged.set(answer.id as string, { sent: booking, answer });
            } else if (response.status === 409) stats.refusedAsFull++;
            else throw new Error(`booking answered ${response.status}: ${JSON.stringify(response.body)}`);
            break;
          } catch (error) {
            if (!isConnectionError(error)) throw error;
            stats.connectionErrors++;
            await sleep(50 + Math.random() * 100);
          }
        }
      }
    };
    const load = clients.map((_, i) =>
      run(i).catch((error: unknown) => {
        clientErrors.push(error);
        running = false;
      }),
    );

    // Kill at random moments under load; a restart happens on the same database and port.
    const inFlightAtKills: number[] = [];
    try {
      for (let kill = 0; kill < KILLS && running; kill++) {
        await sleep(1000 + Math.random() * 2500);
        inFlightAtKills.push(inFlight);
        await app!.kill();
        app = undefined;
        app = await startAppProcess(port, env());
      }
      // A last stretch without kills, so every client settles its last booking against a live server.
      await sleep(1500);
    } finally {
      running = false;
      await Promise.all(load);
    }
    expect(clientErrors).toEqual([]);
    await app!.stop();
    app = undefined;

    const audit = await auditBook(database.url);
    console.log(
      `crash test (${database.dialect}): ${KILLS} SIGKILLs, ${ADMINS + GUESTS} clients, ${stats.attempts} attempts, ` +
        `${acknowledged.size} acknowledged, ${foundAfterCrash.size} committed without an answer (found on look-up), ` +
        `${stats.refusedAsFull} refused as full, ${stats.connectionErrors} connection errors; ` +
        `${inFlightAtKills.join('/')} bookings in flight at the kills; ` +
        `${audit.reservations.length} reservations in the database; engine check: ${audit.engineCheckMethod}`,
    );

    expect(inFlightAtKills).toHaveLength(KILLS);
    expect(acknowledged.size).toBeGreaterThan(200);
    // The kills hit bookings in flight, and the clients saw the server go away.
    expect(inFlightAtKills.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
    expect(stats.connectionErrors).toBeGreaterThan(KILLS);

    // Every acknowledged booking is stored exactly as answered, and as sent.
    const stored = new Map(audit.reservations.map((r) => [r.id, r]));
    const missing = [...acknowledged.keys()].filter((id) => !stored.has(id));
    expect(missing).toEqual([]);
    for (const [id, { sent, answer }] of acknowledged) {
      const { tableIds, ...fields } = sent;
      // reminderSentFor is the reminder job's bookkeeping, never on the wire.
      const { reminderSentFor: _reminder, ...row } = stored.get(id) as Reservation & { reminderSentFor?: unknown };
      expect(row).toEqual(answer);
      expect(row).toMatchObject(fields);
      if (tableIds) expect(row.tableIds).toEqual(tableIds);
    }
    for (const [id, { tableIds: _tables, ...fields }] of foundAfterCrash) expect(stored.get(id)).toMatchObject(fields);

    // Every row is accounted for: acknowledged, or found by its client after a crash. None was written twice
    // (a retry after a lost answer would show as a second row of the same name).
    const accountedFor = new Set([...acknowledged.keys(), ...foundAfterCrash.keys()]);
    expect(audit.reservations.filter((r) => !accountedFor.has(r.id)).map((r) => r.name)).toEqual([]);
    expect(audit.reservations.length).toBe(accountedFor.size);
    expect(new Set(audit.reservations.map((r) => r.name)).size).toBe(audit.reservations.length);

    expect(audit.doubleBookings).toBe(0);
    expect(audit.holdMismatches).toBe(0);
    expect(audit.engineCheck).toBe('ok');

    // And the app comes back once more on that database and serves it.
    app = await startAppProcess(port, env());
    expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
    const admin = new TestClient(app.url);
    expect((await admin.signIn(OWNER.email, OWNER.password)).status).toBe(200);
    expect((await admin.get('/api/reservations/all')).body.reservations).toHaveLength(audit.reservations.length);
  });
});
