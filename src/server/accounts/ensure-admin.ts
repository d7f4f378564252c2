import type { Auth } from '../auth';
import type { AppConfig } from '../config';
import type { Logger } from '../logger';

/** With ADMIN_EMAIL and ADMIN_PASSWORD set, the admin account exists, verified, after start-up. */
export async function ensureAdminAccount(auth: Auth, config: AppConfig, logger: Logger): Promise<void> {
  const { adminEmail, adminPassword } = config;
  if (!adminEmail || !adminPassword) return;
  const context = await auth.$context;
  if (await context.internalAdapter.findUserByEmail(adminEmail)) return;
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
