import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Role, Session } from '../http/app-env';

/**
 * The admin grant (docs/decisions/0003-the-admin-rule.md). The admin is the account whose email equals
 * ADMIN_EMAIL, verified, that holds a grant, in a session begun after the grant. A grant is made only when the
 * account's password is chosen through the admin mailbox (a reset link) or set by ADMIN_PASSWORD, so whoever
 * signed up with the admin address first, and whatever password or session they hold, never becomes the admin.
 */
export function createAdminGrants(db: Kysely<Database>, adminEmail: string | undefined) {
  const isAdminAddress = (email: string) => adminEmail !== undefined && email.toLowerCase() === adminEmail;

  return {
    isAdminAddress,

    /** The role of a session: asked of the database only for the admin address, so guests cost nothing. */
    async roleOf({ user, session }: Session): Promise<Role> {
      if (!user.emailVerified || !isAdminAddress(user.email)) return 'guest';
      const grant = await db
        .selectFrom('admin_grants')
        .select('grantedAt')
        .where('userId', '=', user.id)
        .executeTakeFirst();
      return grant && new Date(session.createdAt).getTime() >= Date.parse(grant.grantedAt) ? 'admin' : 'guest';
    },

    async isGranted(userId: string): Promise<boolean> {
      return Boolean(
        await db.selectFrom('admin_grants').select('userId').where('userId', '=', userId).executeTakeFirst(),
      );
    },

    /** Records that `userId` holds the grant from `now`; sessions begun earlier stay guests. */
    async grant(userId: string, now = new Date()): Promise<void> {
      await db
        .insertInto('admin_grants')
        .values({ userId, grantedAt: now.toISOString() })
        .onConflict((conflict) => conflict.column('userId').doUpdateSet({ grantedAt: now.toISOString() }))
        .execute();
    },
  };
}

export type AdminGrants = ReturnType<typeof createAdminGrants>;
