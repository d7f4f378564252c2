import type { Kysely, Migration } from 'kysely';

/**
 * Fair use by network (docs/decisions/0014-new-accounts-share-a-network.md):
 * - a guest's reservation records the network it was booked from (one IPv4 address or IPv6 /64) and whether the
 *   account was under a day old then: new accounts on one network share the per-date limit, and the owner sees a
 *   night's bookings grouped by network. The network is kept only until the reservation's date has passed;
 * - the networks the owner trusts (the restaurant's own Wi-Fi, an office that books for guests), exempt.
 */
export const bookingNetworks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('reservations').addColumn('bookedFrom', 'text').execute();
    await db.schema.alterTable('reservations').addColumn('bookedByNewAccount', 'integer').execute();
    await db.schema
      .createIndex('reservations_date_network_idx')
      .on('reservations')
      .columns(['reservationDate', 'bookedFrom'])
      .execute();
    await db.schema
      .createTable('trusted_networks')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('network', 'text', (col) => col.notNull().unique())
      .addColumn('note', 'text')
      .addColumn('createdAt', 'text', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('trusted_networks').execute();
    await db.schema.dropIndex('reservations_date_network_idx').execute();
    await db.schema.alterTable('reservations').dropColumn('bookedByNewAccount').execute();
    await db.schema.alterTable('reservations').dropColumn('bookedFrom').execute();
  },
};
