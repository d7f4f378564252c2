import type { Kysely, Migration } from 'kysely';

/**
 * One row that readiness rewrites every few seconds (db/database-health.ts): a write, because a read succeeds on
 * a full disk, a read-only file system or a PostgreSQL standby, where bookings fail.
 */
export const healthProbe: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('health_probe')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('checkedAt', 'text', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('health_probe').execute();
  },
};
