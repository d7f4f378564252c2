import type { Kysely, Migration } from 'kysely';

/**
 * The double-booking guard, enforced by the database itself: one row per table per 30-minute block a
 * reservation covers, under a primary key on (tableId, reservationDate, blockStart). Two transactions that
 * both saw a table free cannot both commit; the second fails on the key and gets "That time slot has been
 * booked". Rows go with their reservation (ON DELETE CASCADE). See docs/decisions/0002-double-booking-guard.md.
 */
export const tableHolds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('table_holds')
      .addColumn('tableId', 'text', (col) => col.notNull().references('tables.id'))
      .addColumn('reservationDate', 'text', (col) => col.notNull())
      .addColumn('blockStart', 'integer', (col) => col.notNull())
      .addColumn('reservationId', 'text', (col) => col.notNull().references('reservations.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('table_holds_pk', ['tableId', 'reservationDate', 'blockStart'])
      .execute();
    await db.schema.createIndex('table_holds_reservation_idx').on('table_holds').column('reservationId').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('table_holds').execute();
  },
};
