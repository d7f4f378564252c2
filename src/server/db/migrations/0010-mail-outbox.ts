import type { Kysely, Migration } from 'kysely';

/**
 * Every email the app sends (account emails and morning reminders) waits here until it is delivered: kept across
 * restarts, retried with backoff, claimed with a lease so two instances never send one at the same time and a
 * process that dies mid-send leaves it to be sent again (mail/outbox.ts). Times are ISO-8601 text.
 */
export const mailOutbox: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('kind', 'text', (col) => col.notNull())
      // One email per purpose: a reminder is enqueued once per reservation and date however often it is asked.
      .addColumn('dedupeKey', 'text', (col) => col.unique())
      .addColumn('to', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('html', 'text', (col) => col.notNull())
      // A reminder is sent only while its reservation still stands, on that date, before it starts.
      .addColumn('reservationId', 'text')
      .addColumn('reservationDate', 'text')
      .addColumn('notAfter', 'text')
      .addColumn('createdAt', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('nextAttemptAt', 'text', (col) => col.notNull())
      .addColumn('leaseUntil', 'text')
      // 'sent', 'given-up' (still failing a day later), or 'dropped' (a reminder whose reservation went); null
      // while the email waits.
      .addColumn('outcome', 'text')
      .addColumn('doneAt', 'text')
      .addColumn('lastError', 'text')
      .addColumn('lastErrorAt', 'text')
      .execute();
    await db.schema
      .createIndex('mail_outbox_due_idx')
      .on('mail_outbox')
      .columns(['outcome', 'nextAttemptAt'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('mail_outbox').execute();
  },
};
