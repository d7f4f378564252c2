import type { Kysely, Migration } from 'kysely';

/**
 * The morning reminder is recorded on the reservation: reminderSentFor holds the reservation date whose
 * reminder went out (claimed before sending, so two instances or a retry never send twice, and a date
 * change to another day gets its own reminder).
 */
export const reminderSent: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('reservations').addColumn('reminderSentFor', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('reservations').dropColumn('reminderSentFor').execute();
  },
};
