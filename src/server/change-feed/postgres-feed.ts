import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { describeDatabaseError } from '../db/database-health';
import type { Logger } from '../logger';
import type { BookChange, ChangeFeed, FeedStatus } from './change-feed';

const CHANNEL = 'reservation_changes';

/** What goes over the channel: the change, and which instance made it. */
interface Notice {
  origin: string;
  change: BookChange;
}
/** Waits between reconnection attempts: doubling from half a second, then every 30 s for as long as it takes. */
const reconnectDelay = (attempt: number) => Math.min(30_000, 500 * 2 ** (attempt - 1));

/**
 * The change feed across server instances: every publish is a NOTIFY on PostgreSQL, and every other instance
 * hears it through its LISTEN connection, so one booking reaches every open stream. This instance's own listeners
 * hear its changes at once, not after the round trip through PostgreSQL: on a release night, the copies that
 * availability reads (reservations/booked-cache.ts) went on offering a time just taken until the notification came
 * back, and a thousand guests tried to book it.
 * When that connection is lost (a restart, a crash, a failover), the feed says 'paused' and reconnects with
 * backoff until it listens again, then says 'resumed' (changes made meanwhile were not heard).
 */
export async function createPostgresFeed(
  pool: pg.Pool,
  logger: Logger,
): Promise<ChangeFeed & { close(): Promise<void> }> {
  const listeners = new Set<(change: BookChange) => void>();
  const instance = randomUUID();
  const statusListeners = new Set<(status: FeedStatus) => void>();
  let client: pg.PoolClient | undefined;
  let destroyCurrent: (() => void) | undefined;
  let closed = false;
  let paused = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const tell = (status: FeedStatus) => {
    for (const listener of statusListeners) listener(status);
  };

  const connect = async () => {
    const connection = await pool.connect();
    let released = false;
    // A LISTEN connection is never handed back for reuse: it is destroyed, exactly once, whether the
    // server closes the feed or PostgreSQL drops the connection (pg may report an error more than once).
    const destroy = () => {
      if (released) return;
      released = true;
      connection.removeAllListeners('notification');
      connection.release(true);
      if (client === connection) client = undefined;
    };
    connection.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const { origin, change } = JSON.parse(message.payload) as Notice;
      // This instance's own changes were heard when published.
      if (origin === instance) return;
      for (const listener of listeners) listener(change);
    });
    connection.on('error', (error) => {
      if (released) return;
      destroy();
      if (closed) return;
      paused = true;
      logger.warn(
        { reason: describeDatabaseError(error) },
        'live updates paused: change feed connection lost; reconnecting',
      );
      tell('paused');
      reconnect(1);
    });
    try {
      await connection.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      destroy();
      throw error;
    }
    client = connection;
    destroyCurrent = destroy;
  };

  function reconnect(attempt: number) {
    retry = setTimeout(() => {
      retry = undefined;
      if (closed) return;
      connect().then(
        () => {
          if (!paused) return;
          paused = false;
          logger.warn({ attempts: attempt }, 'live updates resumed: change feed listening again');
          tell('resumed');
        },
        () => reconnect(attempt + 1),
      );
    }, reconnectDelay(attempt));
  }

  try {
    await connect();
  } catch (error) {
    // The database answered start-up's ping a moment ago; if listening fails now, keep trying meanwhile.
    paused = true;
    logger.warn(
      { reason: describeDatabaseError(error) },
      'live updates paused: change feed cannot listen yet; retrying',
    );
    reconnect(1);
  }

  return {
    publish(change) {
      for (const listener of listeners) listener(change);
      const notice: Notice = { origin: instance, change };
      pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(notice)]).catch((error: unknown) => {
        // Listeners read the whole book again when the feed resumes, so a change lost here is not lost there.
        logger.warn({ reason: describeDatabaseError(error) }, 'could not publish a reservation change');
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      if (client) await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      destroyCurrent?.();
    },
  };
}
