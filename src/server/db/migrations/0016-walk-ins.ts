import type { Kysely, Migration } from 'kysely';

/**
 * Walk-ins (docs/decisions/0017-the-host-stand.md): a reservation the host makes for a party at the door, with no
 * account and no email. `source` says how a reservation came: 'walk-in', or null for a booking (a guest's or the
 * admin's).
 */
export const walkIns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('reservations').addColumn('source', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('reservations').dropColumn('source').execute();
  },
};
