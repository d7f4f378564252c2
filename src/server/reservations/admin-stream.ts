import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Actor } from '../http/app-env';
import type { ChangeFeed, ReservationChange } from '../change-feed/change-feed';
import type { AdminReservation } from '../../shared/reservation';

/** A comment line on the admin's stream this often keeps proxies from closing it, and re-checks the session. */
const HEARTBEAT_MS = 25_000;
/** While the day cannot be read (the database is down), it is asked again this often. */
const SNAPSHOT_RETRY_MS = 2_000;
/** Changes arriving together (a burst of bookings) produce one snapshot. */
const COALESCE_MS = 20;

export interface AdminStreamDeps {
  feed: ChangeFeed;
  /** Aborted when the server stops, so the stream ends and shutdown is not held up. */
  shutdown: AbortSignal;
  /** Who the request's cookie belongs to now: admin rights are asked again while the stream runs. */
  currentActor: (headers: Headers) => Promise<Actor | null>;
  /** The day's reservations, in the order the dashboard lists them. */
  listDay: (date: string) => Promise<AdminReservation[]>;
}

/**
 * The admin's live day view over Server-Sent Events: 'snapshot' carries the whole day, first and after every
 * change that touches it; 'paused' says live updates are interrupted (the change feed lost its connection, or
 * the day cannot be read) until the next snapshot; 'settings' says the owner changed a setting (the floor plan). Admin rights are asked again before every snapshot and
 * heartbeat: a session ended meanwhile closes the stream, and its reconnect is refused.
 */
export function streamAdminDay(c: Context, deps: AdminStreamDeps, date: string) {
  return streamSSE(c, async (stream) => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    let paused = false;

    const pause = async (reason: string) => {
      if (paused || stream.aborted) return;
      paused = true;
      await stream.writeSSE({ event: 'paused', data: JSON.stringify({ reason }) });
    };
    const stillAdmin = async () => (await deps.currentActor(c.req.raw.headers))?.role === 'admin';
    const sendSnapshot = async () => {
      try {
        if (!(await stillAdmin())) return stream.abort();
        const reservations = await deps.listDay(date);
        paused = false;
        await stream.writeSSE({ event: 'snapshot', data: JSON.stringify({ date, reservations }) });
      } catch {
        if (stream.aborted) return;
        // The database cannot answer: say so, keep the stream, and read the day again shortly.
        await pause('database').catch(() => stream.abort());
        snapshotSoon(SNAPSHOT_RETRY_MS);
      }
    };
    const snapshotSoon = (delay = COALESCE_MS) => {
      if (pending || stream.aborted) return;
      pending = setTimeout(() => {
        pending = undefined;
        void sendSnapshot();
      }, delay);
    };

    const touches = (change: ReservationChange) =>
      change.type === 'deleted'
        ? change.reservationDate === date
        : change.reservation.reservationDate === date || (change.type === 'updated' && change.previousDate === date);
    const unsubscribe = deps.feed.subscribe((change) => {
      // The owner changed a setting (a table added, seats changed): the dashboard reads the floor plan again.
      if (change.type === 'settings')
        void stream.writeSSE({ event: 'settings', data: String(change.version) }).catch(() => undefined);
      // The host blocked seats or let them go on this date: the dashboard reads the day's blocks again.
      else if (change.type === 'blocks') {
        if (change.firstDate <= date && date <= change.lastDate)
          void stream.writeSSE({ event: 'blocks', data: '' }).catch(() => undefined);
      } else if (touches(change)) snapshotSoon();
    });
    // Changes made while the feed was not listening were not heard: the whole day again once it listens.
    const unwatch = deps.feed.onStatus((status) => {
      if (status === 'paused') void pause('live updates').catch(() => stream.abort());
      else snapshotSoon();
    });
    const heartbeat = setInterval(() => {
      const beat = async () => {
        if (!(await stillAdmin())) return stream.abort();
        await stream.write(': keep-alive\n\n');
      };
      // A heartbeat that cannot ask (the database is down) waits for the next one; the stream stays.
      void beat().catch(() => undefined);
    }, HEARTBEAT_MS);
    const closed = new Promise<void>((resolve) => {
      stream.onAbort(resolve);
      deps.shutdown.addEventListener('abort', () => resolve(), { once: true });
    });
    try {
      await stream.writeSSE({ event: 'ready', data: '', retry: 2000 });
      await sendSnapshot();
      await closed;
    } finally {
      unsubscribe();
      unwatch();
      clearInterval(heartbeat);
      if (pending) clearTimeout(pending);
    }
  });
}
