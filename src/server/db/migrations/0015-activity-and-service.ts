import type { Kysely, Migration } from 'kysely';

/**
 * The host stand (docs/decisions/0017-the-host-stand.md):
 * - when the host marked each step of a party's night (arrived, seated, finished, no-show), null until then, and
 *   for a party finished early, the time (HHMM) its tables are free from (its holds from then on are let go);
 * - the activity record: one line per thing done (who, in which role, when, what, to which subject, before and
 *   after). It has no key to its subject, so a cancelled reservation's lines stay (who cancelled, how long before
 *   the seating). It keeps no guest's details: a guest is "guest", and an edited name or phone is recorded as null.
 */
export const activityAndService: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ['arrivedAt', 'seatedAt', 'finishedAt', 'noShowAt']) {
      await db.schema.alterTable('reservations').addColumn(column, 'text').execute();
    }
    await db.schema.alterTable('reservations').addColumn('heldUntil', 'integer').execute();
    await db.schema
      .createTable('activity')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('subjectType', 'text', (col) => col.notNull())
      .addColumn('subjectId', 'text', (col) => col.notNull())
      .addColumn('seq', 'integer', (col) => col.notNull())
      .addColumn('subjectDate', 'text')
      .addColumn('at', 'text', (col) => col.notNull())
      .addColumn('actor', 'text', (col) => col.notNull())
      .addColumn('actorRole', 'text', (col) => col.notNull())
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .execute();
    await db.schema
      .createIndex('activity_subject_idx')
      .on('activity')
      .columns(['subjectType', 'subjectId', 'seq'])
      .execute();
    await db.schema.createIndex('activity_date_idx').on('activity').column('subjectDate').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('activity').execute();
    for (const column of ['heldUntil', 'noShowAt', 'finishedAt', 'seatedAt', 'arrivedAt']) {
      await db.schema.alterTable('reservations').dropColumn(column).execute();
    }
  },
};
