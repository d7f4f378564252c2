import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, MailOutboxTable } from '../db/schema';
import type { MailMessage } from './mailer';

// The outbox's reads and writes (mail_outbox). An email waits in a row until it is sent, dropped or given up;
// while it waits, `nextAttemptAt` says when it may be tried and `leaseUntil` which instance has it meanwhile.

export type MailKind = 'reminder' | 'verify-email' | 'reset-password' | 'email-changed' | 'sign-up-attempt';
export type MailRow = Selectable<MailOutboxTable>;
export type MailOutcome = NonNullable<MailRow['outcome']>;
type Db = Kysely<Database> | Transaction<Database>;

export interface OutboxItem {
  kind: MailKind;
  message: MailMessage;
  /** One message per key, however often it is enqueued (a reminder per reservation and date). */
  dedupeKey?: string;
  /** A reminder goes only while its reservation stands on that date, and not after it starts. */
  reminder?: { reservationId: string; reservationDate: string; notAfter: Date };
}

/** Not done, its next try come, and no instance holding it: the one meaning of "due" (`now` an ISO instant). */
const isDue = (now: string) => (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
  eb.and([
    eb('outcome', 'is', null),
    eb('nextAttemptAt', '<=', now),
    eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', now)]),
  ]);

/** Writes an email to wait for delivery; false when one with its dedupe key is there already. */
export async function insertMail(db: Db, item: OutboxItem, now: string): Promise<boolean> {
  const result = await db
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
      createdAt: now,
      nextAttemptAt: now,
      leaseUntil: null,
      outcome: null,
      doneAt: null,
      lastError: null,
      lastErrorAt: null,
    })
    .onConflict((conflict) => conflict.column('dedupeKey').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Up to `limit` due emails, the longest waiting first. */
export function dueMail(db: Db, now: string, limit: number): Promise<MailRow[]> {
  return db.selectFrom('mail_outbox').selectAll().where(isDue(now)).orderBy('nextAttemptAt').limit(limit).execute();
}

export async function anyMailDue(db: Db, now: string): Promise<boolean> {
  return (await db.selectFrom('mail_outbox').select('id').where(isDue(now)).executeTakeFirst()) !== undefined;
}

/** Takes an email for this instance until `leaseUntil`, counting a try; false if another has it or it is done. */
export async function claimMail(db: Db, id: string, now: string, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set((eb) => ({ leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('outcome', 'is', null)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishMail(db: Db, id: string, outcome: MailOutcome, at: string, lastError?: string) {
  await db
    .updateTable('mail_outbox')
    .set({ outcome, doneAt: at, leaseUntil: null, ...(lastError ? { lastError, lastErrorAt: at } : {}) })
    .where('id', '=', id)
    .execute();
}

/** A failed try: the email waits until `nextAttemptAt`, with the reason kept. */
export async function retryMailLater(db: Db, id: string, nextAttemptAt: string, reason: string, at: string) {
  await db
    .updateTable('mail_outbox')
    .set({ nextAttemptAt, leaseUntil: null, lastError: reason, lastErrorAt: at })
    .where('id', '=', id)
    .execute();
}

/** Everything waiting for a later try is due now; returns how many. */
export async function retryWaitingMailNow(db: Db, now: string): Promise<number> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ nextAttemptAt: now })
    .where('outcome', 'is', null)
    .where('nextAttemptAt', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The date a reservation stands on now, or undefined when it is gone (a reminder's check before it goes). */
export async function reservationDateOf(db: Db, reservationId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('reservations')
    .select('reservationDate')
    .where('id', '=', reservationId)
    .executeTakeFirst();
  return row?.reservationDate;
}

/** Forgets every email to an address (in any letter case), sent or waiting. */
export async function deleteMailTo(db: Db, address: string): Promise<void> {
  await db
    .deleteFrom('mail_outbox')
    .where(sql<string>`lower(${sql.ref('to')})`, '=', address.toLowerCase())
    .execute();
}

/** Forgets emails done (sent, dropped, given up) before `before`. */
export async function deleteMailDoneBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('mail_outbox').where('doneAt', '<', before).execute();
}

/** What the dashboard's Email delivery box says (mail/mail-routes.ts). */
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

export async function readMailStatus(db: Db): Promise<MailStatus> {
  const count = (outcome: MailOutcome | null) =>
    db
      .selectFrom('mail_outbox')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('outcome', outcome === null ? 'is' : '=', outcome)
      .executeTakeFirstOrThrow();
  const [sent, waiting, failure, givenUp] = await Promise.all([
    db
      .selectFrom('mail_outbox')
      .select(({ fn }) => fn.max('doneAt').as('at'))
      .where('outcome', '=', 'sent')
      .executeTakeFirst(),
    count(null),
    db
      .selectFrom('mail_outbox')
      .select(['lastErrorAt', 'lastError'])
      .where('lastErrorAt', 'is not', null)
      .where((eb) => eb('outcome', 'is', null).or('outcome', '=', 'given-up'))
      .orderBy('lastErrorAt', 'desc')
      .limit(1)
      .executeTakeFirst(),
    count('given-up'),
  ]);
  return {
    lastSentAt: sent?.at ?? null,
    waiting: Number(waiting.count),
    lastFailure: failure?.lastErrorAt ? { at: failure.lastErrorAt, reason: failure.lastError ?? '' } : null,
    givenUp: Number(givenUp.count),
  };
}
