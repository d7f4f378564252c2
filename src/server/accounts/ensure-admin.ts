import type { Auth } from '../auth';
import type { AppConfig } from '../config';
import type { Logger } from '../logger';
import type { AdminGrants } from './admin-grants';

/**
 * At start-up, the admin grant as the configuration says (docs/decisions/0003-the-admin-rule.md):
 * - with ADMIN_EMAIL and ADMIN_PASSWORD, the admin account exists, verified, with that password and the grant.
 *   An account that holds the address without the grant (someone signed up with it first) is taken over: the
 *   configured password replaces theirs and their sessions end.
 * - with ADMIN_EMAIL alone, nothing is created; a verified account holding the address without the grant is told
 *   how to take it (a password reset through the admin mailbox grants it).
 */
export async function ensureAdminAccount(auth: Auth, adminGrants: AdminGrants, config: AppConfig, logger: Logger) {
  const { adminEmail, adminPassword } = config;
  if (!adminEmail) return;
  const context = await auth.$context;
  const existing = await context.internalAdapter.findUserByEmail(adminEmail, { includeAccounts: true });
  if (existing && (await adminGrants.isGranted(existing.user.id))) return;

  if (!adminPassword) {
    if (existing?.user.emailVerified) {
      logger.warn(
        { email: adminEmail },
        'the admin address has no admin password chosen through its mailbox yet: use "Forgot your password?" with it to become the admin',
      );
    }
    return;
  }

  const hash = await context.password.hash(adminPassword);
  if (existing) {
    const credential = existing.accounts.find((account) => account.providerId === 'credential');
    if (credential) await context.internalAdapter.updatePassword(existing.user.id, hash);
    else {
      await context.internalAdapter.linkAccount({
        userId: existing.user.id,
        providerId: 'credential',
        accountId: existing.user.id,
        password: hash,
      });
    }
    await context.internalAdapter.deleteUserSessions(existing.user.id);
    if (!existing.user.emailVerified)
      await context.internalAdapter.updateUser(existing.user.id, { emailVerified: true });
    await adminGrants.grant(existing.user.id);
    logger.warn(
      { email: adminEmail },
      'an account held the admin address without the grant: taken over with ADMIN_PASSWORD',
    );
    return;
  }
  const user = await context.internalAdapter.createUser(
    { email: adminEmail, name: 'Admin', emailVerified: true },
    { method: 'admin' },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: hash,
  });
  await adminGrants.grant(user.id);
  logger.info({ email: adminEmail }, 'admin account created');
}
