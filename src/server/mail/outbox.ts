import type { Kysely, Transaction } from 'kysely';
import { describeDatabaseError } from '../db/database-health';
import type { Database } from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer } from './mailer';
import {
  anyMailDue,
  claimMail,
  deleteMailDoneBefore,
  deleteMailTo,
  dueMail,
  finishMail,
  insertMail,
  readMailStatus,
  reservationDateOf,
  retryMailLater,
  retryWaitingMailNow,
  type MailRow,
  type MailStatus,
  type OutboxItem,
} from './outbox-store';

export type { MailKind, MailStatus, OutboxItem } from './outbox-store';

// Every email the app sends goes through here: written to the database first, then delivered by a
// loop that sends a few at once, each on its own, so one stuck message never holds back the others. A message
// is retried with backoff for a day and kept across restarts. Before sending, an instance claims it with a
// lease: two instances never send one at the same time, and if the process dies mid-send, another (or the
// same one, restarted) sends it once the lease runs out: at least once.

export interface OutboxTiming {
  /** How long a claimed message is left alone by others: longer than a send can take (SMTP timeouts included). */
  leaseMs: number;
  /** Pause before the next try, after `attempt` tries have failed. */
  backoffMs: (attempt: number) => number;
  /** How long a message is retried before it is given up, with a logged reason. */
  giveUpAfterMs: number;
  /** How often the outbox looks for due messages when nothing wakes it sooner. */
  pollMs: number;
  /** Messages sent at once. */
  maxInFlight: number;
}

/**
 * Retries after 5, 10, 20 s, then every 30 s. When one email gets through after failures, everything waiting
 * is tried at once: an outage's mail goes out within half a minute of its end.
 */
export const retryBackoffMs = (attempt: number) => Math.min(30_000, 5_000 * 2 ** (attempt - 1));

export const defaultOutboxTiming = (sendTimeoutMs: number): OutboxTiming => ({
  // A send is at most connection + greeting + a quiet socket; the lease outlasts that with room to spare.
  leaseMs: 3 * sendTimeoutMs + 5_000,
  backoffMs: retryBackoffMs,
  giveUpAfterMs: 24 * 60 * 60 * 1000,
  pollMs: 2_000,
  maxInFlight: 3,
});

/** Delivered, dropped and given-up messages are forgotten after a week (they hold names and addresses). */
const KEEP_DONE_MS = 7 * 24 * 60 * 60 * 1000;

interface OutboxDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  timing: OutboxTiming;
}

/** The app's one outbox: enqueue mail (in a caller's transaction or not), and the loop that delivers it. */
export class MailOutbox {
  private readonly inFlight = new Set<Promise<void>>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private looking: Promise<void> | undefined;
  private stopped = true;
  /** Logged on changes only: one line when delivery starts failing, one when it recovers. */
  private failing = false;
  private lastSweep = 0;

  constructor(private readonly deps: OutboxDeps) {}

  /** Writes an email to go; false when one with its dedupe key is there already. */
  async enqueue(item: OutboxItem, trx: Kysely<Database> | Transaction<Database> = this.deps.db): Promise<boolean> {
    const added = await insertMail(trx, item, this.iso());
    // Not inside a caller's transaction: the message is there once it commits, which the next look finds.
    if (added && trx === this.deps.db) this.kick();
    return added;
  }

  /** Looks for due mail now (after a caller's transaction with enqueued mail has committed), then every poll. */
  readonly kick = (): void => {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.looking ??= this.lookForDue()
      // The database down: nothing to send from; the next look tries again (readiness reports the outage).
      .catch(() => undefined)
      .finally(() => {
        this.looking = undefined;
        if (!this.stopped) {
          this.timer = setTimeout(this.kick, this.deps.timing.pollMs);
          this.timer.unref();
        }
      });
  };

  start(): void {
    this.stopped = false;
    this.kick();
  }

  /** Stops looking, and gives sends in flight a few seconds; one still going is sent again after its lease. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.looking;
    await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((resolve) => setTimeout(resolve, 3_000))]);
  }

  /** Resolves once nothing is due or in flight (tests: what was enqueued has been tried). */
  async drain(): Promise<void> {
    for (;;) {
      await this.looking;
      await Promise.allSettled([...this.inFlight]);
      const due = await anyMailDue(this.deps.db, this.iso());
      if (!due && this.inFlight.size === 0 && !this.looking) return;
      this.kick();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  status(): Promise<MailStatus> {
    return readMailStatus(this.deps.db);
  }

  /**
   * Forgets the mail to `address` (a deleted account's, in any case): what waits for it is never sent, the record
   * of what was sent goes, and so do the mailer's copies (the .eml files of the outbox folder).
   */
  async forgetRecipient(address: string): Promise<void> {
    await deleteMailTo(this.deps.db, address);
    // A send under way may still write its copy: the copies are removed once it is done.
    await Promise.allSettled([...this.inFlight]);
    await this.deps.mailer.forgetRecipient(address);
  }

  /** Claims what is due, up to the free places, and starts each send on its own. */
  private async lookForDue(): Promise<void> {
    const { db, timing, logger } = this.deps;
    const free = timing.maxInFlight - this.inFlight.size;
    if (free <= 0) return;
    for (const row of await dueMail(db, this.iso(), free)) {
      if (this.stopped || !(await claimMail(db, row.id, this.iso(), this.iso(timing.leaseMs)))) continue;
      const sending: Promise<void> = this.deliver(row)
        .catch((error: unknown) =>
          logger.warn({ reason: describeDatabaseError(error) }, 'email outcome not recorded; it is sent again later'),
        )
        .finally(() => {
          this.inFlight.delete(sending);
          this.kick();
        });
      this.inFlight.add(sending);
    }
    if (Date.now() - this.lastSweep > 60 * 60 * 1000) {
      this.lastSweep = Date.now();
      await deleteMailDoneBefore(db, this.iso(-KEEP_DONE_MS));
    }
  }

  private async deliver(row: MailRow): Promise<void> {
    const { db, mailer } = this.deps;
    const stale = await this.staleReminder(row);
    if (stale) return finishMail(db, row.id, 'dropped', this.iso(), `not sent: ${stale}`);
    try {
      await mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
    } catch (error) {
      return this.failed(row, error);
    }
    await finishMail(db, row.id, 'sent', this.iso());
    if (this.failing) await this.recovered();
  }

  /** Why a reminder should no longer go (its reservation cancelled, moved or begun), or null. */
  private async staleReminder(row: MailRow): Promise<string | null> {
    if (!row.reservationId) return null;
    if (row.notAfter && this.iso() >= row.notAfter) return 'the reservation has begun';
    const standsOn = await reservationDateOf(this.deps.db, row.reservationId);
    return standsOn === row.reservationDate ? null : 'the reservation was cancelled or moved';
  }

  private async failed(row: MailRow, error: unknown): Promise<void> {
    const { db, timing, logger } = this.deps;
    const reason = (error as Error).message?.split('\n')[0] || String(error);
    const attempts = row.attempts + 1;
    if (this.deps.now().getTime() - Date.parse(row.createdAt) >= timing.giveUpAfterMs) {
      logger.error(
        { kind: row.kind, to: row.to, attempts, reason },
        'email given up: still failing a day after it was written',
      );
      return finishMail(db, row.id, 'given-up', this.iso(), reason);
    }
    if (!this.failing) {
      this.failing = true;
      logger.error({ reason }, 'email delivery failing: emails wait in the outbox and are retried with backoff');
    }
    await retryMailLater(db, row.id, this.iso(timing.backoffMs(attempts)), reason, this.iso());
  }

  /** The mail server is back: what waits for its next try goes now. */
  private async recovered(): Promise<void> {
    this.failing = false;
    const waiting = await retryWaitingMailNow(this.deps.db, this.iso());
    this.deps.logger.warn({ waiting }, 'email delivery recovered: sending what waited');
  }

  /** The outbox's clock as an ISO instant, `offsetMs` from now. */
  private iso(offsetMs = 0): string {
    return new Date(this.deps.now().getTime() + offsetMs).toISOString();
  }
}

export const createMailOutbox = (deps: OutboxDeps) => new MailOutbox(deps);
