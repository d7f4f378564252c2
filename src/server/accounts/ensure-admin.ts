import type { Auth } from '../auth';
import type { AppConfig } from '../config';
import type { Logger } from '../logger';

/** With ADMIN_EMAIL and ADMIN_PASSWORD set, the admin account exists, verified, after start-up. */
export async function ensureAdminAccount(auth: Auth, config: AppConfig, logger: Logger): Promise<void> {
  const { adminEmail, adminPassword } = config;
  if (!adminEmail || !adminPassword) return;
  const context = await auth.$context;
  const existing = await context.internalAdapter.findUserByEmail(adminEmail, { includeAccounts: true });
  if (existing?.user.emailVerified) return;
  if (existing) {
    // Someone signed up with the owner's address but never proved it: the configured password takes the
    // account over, and whoever holds its sessions is signed out, before it gains admin rights.
    const hash = await context.password.hash(adminPassword);
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
    await context.internalAdapter.updateUser(existing.user.id, { emailVerified: true });
    logger.warn({ email: adminEmail }, 'an unverified account held the admin address: taken over with ADMIN_PASSWORD');
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
    password: await context.password.hash(adminPassword),
  });
  logger.info({ email: adminEmail }, 'admin account created');
}
