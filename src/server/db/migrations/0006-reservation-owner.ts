import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A reservation belongs to an account, by the account's id: matching by the email text let a new
 * account with someone's former address see their bookings, and lost them for the account whose email moved.
 * Existing rows are given the account whose email they carry; a row no account matches keeps no owner and is
 * the admin's to manage. Deleting an account leaves its reservations to the restaurant (set null).
 */
export const reservationOwner: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('reservations')
      .addColumn('userId', 'text', (col) => col.references('user.id').onDelete('set null'))
      .execute();
    await sql`update reservations set "userId" = (select u.id from "user" u where lower(u.email) = lower(reservations.email))`.execute(
      db,
    );
    // A guest's own list reads by owner and date; nothing reads by the email text any more.
    await db.schema.dropIndex('reservations_email_date_idx').execute();
    await db.schema
      .createIndex('reservations_user_date_idx')
      .on('reservations')
      .columns(['userId', 'reservationDate'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('reservations_user_date_idx').execute();
    await db.schema
      .createIndex('reservations_email_date_idx')
      .on('reservations')
      .columns(['email', 'reservationDate'])
      .execute();
    await db.schema.alterTable('reservations').dropColumn('userId').execute();
  },
};
