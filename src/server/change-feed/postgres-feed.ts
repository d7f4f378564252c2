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
  const feed = new PostgresFeed(pool, logger);
  await feed.start();
  return feed;
}

class PostgresFeed implements ChangeFeed {
  private readonly listeners = new Set<(change: BookChange) => void>();
  private readonly statusListeners = new Set<(status: FeedStatus) => void>();
  private readonly instance = randomUUID();
  /** The LISTEN connection now, and how to let go of it; none while reconnecting. */
  private listening: { client: pg.PoolClient; destroy: () => void } | undefined;
  private closed = false;
  private paused = false;
  private retry: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    try {
      await this.connect();
    } catch (error) {
      // The database answered start-up's ping a moment ago; if listening fails now, keep trying meanwhile.
      this.paused = true;
      this.logger.warn(
        { reason: describeDatabaseError(error) },
        'live updates paused: change feed cannot listen yet; retrying',
      );
      this.reconnect(1);
    }
  }

  publish(change: BookChange): void {
    for (const listener of this.listeners) listener(change);
    const notice: Notice = { origin: this.instance, change };
    this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(notice)]).catch((error: unknown) => {
      // Listeners read the whole book again when the feed resumes, so a change lost here is not lost there.
      this.logger.warn({ reason: describeDatabaseError(error) }, 'could not publish a reservation change');
    });
  }

  subscribe(listener: (change: BookChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: (status: FeedStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const current = this.listening;
    if (current) await current.client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
    current?.destroy();
  }

  private async connect(): Promise<void> {
    const connection = await this.pool.connect();
    let released = false;
    // A LISTEN connection is never handed back for reuse: it is destroyed, exactly once, whether the server closes
    // the feed or PostgreSQL drops the connection (pg may report an error more than once).
    const destroy = () => {
      if (released) return;
      released = true;
      connection.removeAllListeners('notification');
      connection.release(true);
      if (this.listening?.client === connection) this.listening = undefined;
    };
    connection.on('notification', (message) => this.heard(message));
    connection.on('error', (error) => {
      if (released) return;
      destroy();
      if (!this.closed) this.lost(error);
    });
    try {
      await connection.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      destroy();
      throw error;
    }
    this.listening = { client: connection, destroy };
  }

  /** Another instance's change; this instance's own were heard when published. */
  private heard(message: pg.Notification): void {
    if (message.channel !== CHANNEL || !message.payload) return;
    const { origin, change } = JSON.parse(message.payload) as Notice;
    if (origin === this.instance) return;
    for (const listener of this.listeners) listener(change);
  }

  private lost(error: Error): void {
    this.paused = true;
    this.logger.warn(
      { reason: describeDatabaseError(error) },
      'live updates paused: change feed connection lost; reconnecting',
    );
    this.tell('paused');
    this.reconnect(1);
  }

  private reconnect(attempt: number): void {
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.closed) return;
      this.connect().then(
        () => this.resumed(attempt),
        () => this.reconnect(attempt + 1),
      );
    }, reconnectDelay(attempt));
  }

  private resumed(attempts: number): void {
    if (!this.paused) return;
    this.paused = false;
    this.logger.warn({ attempts }, 'live updates resumed: change feed listening again');
    this.tell('resumed');
  }

  private tell(status: FeedStatus): void {
    for (const listener of this.statusListeners) listener(status);
  }
}
