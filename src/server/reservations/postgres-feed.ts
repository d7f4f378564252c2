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

  const connect = async () => {
    client = await pool.connect();
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const change = JSON.parse(message.payload) as ReservationChange;
      for (const listener of listeners) listener(change);
    });
    client.on('error', (error) => {
      logger.warn({ err: error }, 'change feed connection lost; reconnecting');
      client?.release(true);
      client = undefined;
      if (!closed)
        setTimeout(
          () => void connect().catch((err: unknown) => logger.error({ err }, 'change feed reconnect failed')),
          1000,
        );
    });
    await client.query(`LISTEN ${CHANNEL}`);
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
      if (client) {
        await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
        client.release();
      }
    },
  };
}
