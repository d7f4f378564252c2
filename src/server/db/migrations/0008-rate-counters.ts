import type { Kysely, Migration } from 'kysely';

/**
 * Counters behind the fair-use limits (bookings per account and per address, emails per recipient, failed
 * sign-ins per account), kept in the database so that every instance and every restart sees the same count.
 * Times are milliseconds since the epoch.
 */
export const rateCounters: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_counters')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('windowStart', 'bigint', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .addColumn('lastAt', 'bigint', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_counters').execute();
  },
};
