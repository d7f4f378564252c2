import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The admin's bookings for callers belong to no account (docs/decisions/0015-the-admins-bookings.md): those made
 * since the admin grant was granted, whose reminder goes to another address than the admin's, are let go of the
 * admin's account, so the owner's My Reservations holds the owner's own dinners. Bookings made before the grant
 * (as a guest) and the owner's own stay. Nothing to undo: the owner's account had no claim on them.
 */
export const adminBookingsForCallers: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      update reservations set "userId" = null
      where "userId" in (select "userId" from admin_grants)
        and "createdAt" >= (select g."grantedAt" from admin_grants g where g."userId" = reservations."userId")
        and lower("reminderEmail") <> lower((select u.email from "user" u where u.id = reservations."userId"))
    `.execute(db);
  },
  async down() {},
};
