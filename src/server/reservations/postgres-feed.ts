import type pg from 'pg';
import type { Logger } from '../logger';
import type { ChangeFeed, ReservationChange } from './change-feed';

const CHANNEL = 'reservation_changes';

/**
 * The change feed across server instances: every publish is a NOTIFY on PostgreSQL, and every instance
 * (this one included) hears it through its LISTEN connection, so one booking reaches every open stream.
 */
export async function createPostgresFeed(
  pool: pg.Pool,
  logger: Logger,
): Promise<ChangeFeed & { close(): Promise<void> }> {
  const listeners = new Set<(change: ReservationChange) => void>();
  let client: pg.PoolClient | undefined;
  let closed = false;
  let releaseCurrent: (() => void) | undefined;

  const connect = async () => {
    const connection = await pool.connect();
    client = connection;
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
      const change = JSON.parse(message.payload) as ReservationChange;
      for (const listener of listeners) listener(change);
    });
    connection.on('error', (error) => {
      if (released) return;
      destroy();
      if (closed) return;
      logger.warn({ err: error }, 'change feed connection lost; reconnecting');
      setTimeout(() => {
        if (closed) return;
        connect().catch((err: unknown) => logger.error({ err }, 'change feed reconnect failed'));
      }, 1000);
    });
    releaseCurrent = destroy;
    await connection.query(`LISTEN ${CHANNEL}`);
  };
  await connect();

  return {
    publish(change) {
      pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(change)]).catch((error: unknown) => {
        logger.error({ err: error }, 'could not publish a reservation change');
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      if (client) await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      releaseCurrent?.();
    },
  };
}
