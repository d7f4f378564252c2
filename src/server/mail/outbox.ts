import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { describeDatabaseError } from '../db/database-health';
import type { Database, MailOutboxTable } from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer, MailMessage } from './mailer';

// Every email the app sends goes through here (issue 14): written to the database first, then delivered by a
// loop that sends a few at once, each on its own, so one stuck message never holds back the others. A message
// is retried with backoff for a day and kept across restarts. Before sending, an instance claims it with a
// lease: two instances never send one at the same time, and if the process dies mid-send, another (or the
// same one, restarted) sends it once the lease runs out: at least once.

export type MailKind = 'reminder' | 'verify-email' | 'reset-password' | 'email-changed' | 'sign-up-attempt';

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

export interface OutboxItem {
  kind: MailKind;
  message: MailMessage;
  /** One message per key, however often it is enqueued (a reminder per reservation and date). */
  dedupeKey?: string;
  /** A reminder goes only while its reservation stands on that date, and not after it starts. */
  reminder?: { reservationId: string; reservationDate: string; notAfter: Date };
}

export interface MailStatus {
  /** When an email last went out (any instance), or null. */
  lastSentAt: string | null;
  /** Emails waiting to go (due now or waiting to retry). */
  waiting: number;
  /** The most recent failed try, and why. */
  lastFailure: { at: string; reason: string } | null;
  /** Emails given up in the last week (still failing a day after they were written). */
  givenUp: number;
}

type Row = Selectable<MailOutboxTable>;
type Db = Kysely<Database> | Transaction<Database>;

export function createMailOutbox(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  logger: Logger;
  now: () => Date;
  timing: OutboxTiming;
}) {
  const { db, mailer, logger, timing } = deps;
  const iso = (offsetMs = 0) => new Date(deps.now().getTime() + offsetMs).toISOString();
  const inFlight = new Set<Promise<void>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let looking: Promise<void> | undefined;
  let stopped = true;
  // Logged on changes only: one line when delivery starts failing, one when it recovers.
  let failing = false;
  let lastSweep = 0;

  async function enqueue(item: OutboxItem, trx: Db = db): Promise<boolean> {
    const result = await trx
      .insertInto('mail_outbox')
      .values({
        id: randomUUID(),
        kind: item.kind,
        dedupeKey: item.dedupeKey ?? null,
        to: item.message.to,
        subject: item.message.subject,
        text: item.message.text,
        html: item.message.html,
        reservationId: item.reminder?.reservationId ?? null,
        reservationDate: item.reminder?.reservationDate ?? null,
        notAfter: item.reminder?.notAfter.toISOString() ?? null,
        createdAt: iso(),
        nextAttemptAt: iso(),
        leaseUntil: null,
        outcome: null,
        doneAt: null,
        lastError: null,
        lastErrorAt: null,
      })
      .onConflict((conflict) => conflict.column('dedupeKey').doNothing())
      .executeTakeFirst();
    const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    // Not inside a caller's transaction: the message is there once it commits, which the next look finds.
    if (added && trx === db) kick();
    return added;
  }

  /** Takes the message for this instance for the length of a lease; false if another has it or it is done. */
  async function claim(id: string): Promise<boolean> {
    const now = iso();
    const result = await db
      .updateTable('mail_outbox')
      .set((eb) => ({ leaseUntil: iso(timing.leaseMs), attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('outcome', 'is', null)
      .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  const finish = (id: string, outcome: NonNullable<Row['outcome']>, lastError: string | null = null) =>
    db
      .updateTable('mail_outbox')
      .set({ outcome, doneAt: iso(), leaseUntil: null, ...(lastError ? { lastError, lastErrorAt: iso() } : {}) })
      .where('id', '=', id)
      .execute();

  /** Why a reminder should no longer go (its reservation cancelled, moved or begun), or null. */
  async function staleReminder(row: Row): Promise<string | null> {
    if (!row.reservationId) return null;
    if (row.notAfter && iso() >= row.notAfter) return 'the reservation has begun';
    const reservation = await db
      .selectFrom('reservations')
      .select('reservationDate')
      .where('id', '=', row.reservationId)
      .executeTakeFirst();
    return reservation?.reservationDate === row.reservationDate ? null : 'the reservation was cancelled or moved';
  }

  async function deliver(row: Row): Promise<void> {
    const stale = await staleReminder(row);
    if (stale) {
      await finish(row.id, 'dropped', `not sent: ${stale}`);
      return;
    }
    try {
      await mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
    } catch (error) {
      await failed(row, error);
      return;
    }
    await finish(row.id, 'sent');
    if (failing) {
      failing = false;
      // The mail server is back: what waits for its next try goes now.
      const flushed = await db
        .updateTable('mail_outbox')
        .set({ nextAttemptAt: iso() })
        .where('outcome', 'is', null)
        .where('nextAttemptAt', '>', iso())
        .executeTakeFirst();
      logger.warn({ waiting: Number(flushed.numUpdatedRows) }, 'email delivery recovered: sending what waited');
    }
  }

  async function failed(row: Row, error: unknown) {
    const reason = (error as Error).message?.split('\n')[0] || String(error);
    const attempts = row.attempts + 1;
    if (deps.now().getTime() - Date.parse(row.createdAt) >= timing.giveUpAfterMs) {
      logger.error(
        { kind: row.kind, to: row.to, attempts, reason },
        'email given up: still failing a day after it was written',
      );
      await finish(row.id, 'given-up', reason);
      return;
    }
    if (!failing) {
      failing = true;
      logger.error({ reason }, 'email delivery failing: emails wait in the outbox and are retried with backoff');
    }
    await db
      .updateTable('mail_outbox')
      .set({ nextAttemptAt: iso(timing.backoffMs(attempts)), leaseUntil: null, lastError: reason, lastErrorAt: iso() })
      .where('id', '=', row.id)
      .execute();
  }

  /**
   * Forgets the mail to `address` (a deleted account's, in any case): what waits for it is never sent, the record
   * of what was sent goes, and so do the mailer's copies (the .eml files of the outbox folder).
   */
  async function forgetRecipient(address: string): Promise<void> {
    await db
      .deleteFrom('mail_outbox')
      .where(sql<string>`lower(${sql.ref('to')})`, '=', address.toLowerCase())
      .execute();
    // A send under way may still write its copy: the copies are removed once it is done.
    await Promise.allSettled([...inFlight]);
    await mailer.forgetRecipient(address);
  }

  /** Claims what is due, up to the free places, and starts each send on its own. */
  async function lookForDue() {
    const now = iso();
    const free = timing.maxInFlight - inFlight.size;
    if (free <= 0) return;
    const due = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('outcome', 'is', null)
      .where('nextAttemptAt', '<=', now)
      .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', now)]))
      .orderBy('nextAttemptAt')
      .limit(free)
      .execute();
    for (const row of due) {
      if (stopped || !(await claim(row.id))) continue;
      const sending: Promise<void> = deliver(row)
        .catch((error: unknown) =>
          logger.warn({ reason: describeDatabaseError(error) }, 'email outcome not recorded; it is sent again later'),
        )
        .finally(() => {
          inFlight.delete(sending);
          kick();
        });
      inFlight.add(sending);
    }
    if (Date.now() - lastSweep > 60 * 60 * 1000) {
      lastSweep = Date.now();
      await db.deleteFrom('mail_outbox').where('doneAt', '<', iso(-KEEP_DONE_MS)).execute();
    }
  }

  /** Looks now (once at a time), then again after the poll interval. */
  function kick() {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = undefined;
    looking ??= lookForDue()
      // The database down: nothing to send from; the next look tries again (readiness reports the outage).
      .catch(() => undefined)
      .finally(() => {
        looking = undefined;
        if (!stopped) {
          timer = setTimeout(kick, timing.pollMs);
          timer.unref();
        }
      });
  }

  return {
    enqueue,
    forgetRecipient,
    /** Looks for due mail now (after a caller's transaction with enqueued mail has committed). */
    kick,
    start() {
      stopped = false;
      kick();
    },
    /** Stops looking, and gives sends in flight a few seconds; one still going is sent again after its lease. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await looking;
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => setTimeout(resolve, 3_000))]);
    },
    /** Resolves once nothing is due or in flight (tests: what was enqueued has been tried). */
    async drain(): Promise<void> {
      for (;;) {
        await looking;
        await Promise.allSettled([...inFlight]);
        const now = iso();
        const due = await db
          .selectFrom('mail_outbox')
          .select('id')
          .where('outcome', 'is', null)
          .where('nextAttemptAt', '<=', now)
          .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', now)]))
          .executeTakeFirst();
        if (!due && inFlight.size === 0 && !looking) return;
        kick();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async status(): Promise<MailStatus> {
      const [sent, waiting, failure, givenUp] = await Promise.all([
        db
          .selectFrom('mail_outbox')
          .select(({ fn }) => fn.max('doneAt').as('at'))
          .where('outcome', '=', 'sent')
          .executeTakeFirst(),
        db
          .selectFrom('mail_outbox')
          .select(({ fn }) => fn.countAll<number>().as('count'))
          .where('outcome', 'is', null)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('mail_outbox')
          .select(['lastErrorAt', 'lastError'])
          .where('lastErrorAt', 'is not', null)
          .where((eb) => eb('outcome', 'is', null).or('outcome', '=', 'given-up'))
          .orderBy('lastErrorAt', 'desc')
          .limit(1)
          .executeTakeFirst(),
        db
          .selectFrom('mail_outbox')
          .select(({ fn }) => fn.countAll<number>().as('count'))
          .where('outcome', '=', 'given-up')
          .executeTakeFirstOrThrow(),
      ]);
      return {
        lastSentAt: sent?.at ?? null,
        waiting: Number(waiting.count),
        lastFailure: failure?.lastErrorAt ? { at: failure.lastErrorAt, reason: failure.lastError ?? '' } : null,
        givenUp: Number(givenUp.count),
      };
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
