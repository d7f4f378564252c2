import type { Kysely, Migration } from 'kysely';

/**
 * Each line of the settings' history carries the version its change made, so the history reads in the order
 * the changes were made: two changes within one millisecond (or across a clock set back) share or reverse their
 * times, and were then listed in a random order. Lines written before this have none and read as the oldest.
 */
export const settingsChangeOrder: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('settings_changes').addColumn('version', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('settings_changes').dropColumn('version').execute();
  },
};
