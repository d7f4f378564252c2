import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The owner's settings move into the database (docs/decisions/0010-owner-settings.md):
 * - tables gain their place in the floor order (tables in consecutive places combine for a larger party; each
 *   starts at its number, as combinations followed the numbering before) and a retirement time (a retired table
 *   takes no bookings, and past reservations keep its id);
 * - one row holds the details, the weekly hours and the booking rules (JSON), and a version that goes up with
 *   every change, so each instance knows when its copy is stale;
 * - closed dates and ranges, with the note guests see;
 * - the history of changes: who, when, what.
 * The settings row itself is written at start from the first-start defaults (settings/seed-settings.ts), as the tables were.
 */
export const ownerSettings: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('tables')
      .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('tables').addColumn('retiredAt', 'text').execute();
    await sql`update tables set position = cast(replace(id, 'C', '') as integer)`.execute(db);

    await db.schema
      .createTable('restaurant_settings')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('details', 'text', (col) => col.notNull())
      .addColumn('hours', 'text', (col) => col.notNull())
      .addColumn('rules', 'text', (col) => col.notNull())
      .addColumn('updatedAt', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('closures')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('firstDate', 'text', (col) => col.notNull())
      .addColumn('lastDate', 'text', (col) => col.notNull())
      .addColumn('note', 'text')
      .addColumn('createdAt', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('settings_changes')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('changedAt', 'text', (col) => col.notNull())
      .addColumn('actorEmail', 'text', (col) => col.notNull())
      .addColumn('area', 'text', (col) => col.notNull())
      .addColumn('summary', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('settings_changes_at_idx').on('settings_changes').column('changedAt').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('settings_changes').execute();
    await db.schema.dropTable('closures').execute();
    await db.schema.dropTable('restaurant_settings').execute();
    await db.schema.alterTable('tables').dropColumn('retiredAt').execute();
    await db.schema.alterTable('tables').dropColumn('position').execute();
  },
};
