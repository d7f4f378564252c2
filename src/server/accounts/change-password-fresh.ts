import type { Auth } from '../auth';
import type { Session } from '../http/app-env';
import { AppError } from '../http/errors';

/**
 * A password change right after signing in needs no current password (the spec's re-authenticate dialog
 * appears only when the login is not recent). Otherwise the client asks for the password and uses Better
 * Auth's change-password with it.
 */
export async function changePasswordWithFreshSession(
  auth: Auth,
  session: Session,
  newPassword: string,
  freshSessionSeconds: number,
): Promise<void> {
  const ageSeconds = (Date.now() - new Date(session.session.createdAt).getTime()) / 1000;
  if (ageSeconds > freshSessionSeconds) {
    throw new AppError('requires_recent_login', 'Please sign in again to change your password.');
  }
  const context = await auth.$context;
  const { minPasswordLength, maxPasswordLength } = context.password.config;
  if (newPassword.length < minPasswordLength) {
    throw new AppError('password_too_short', `Password must be at least ${minPasswordLength} characters`);
  }
  if (newPassword.length > maxPasswordLength) {
    throw new AppError('password_too_long', `Password must be at most ${maxPasswordLength} characters`);
  }
  const accounts = await context.internalAdapter.findAccounts(session.user.id);
  const credential = accounts.find((account) => account.providerId === 'credential');
  const hash = await context.password.hash(newPassword);
  if (credential) await context.internalAdapter.updatePassword(session.user.id, hash);
  else {
    // A Google-only account gets its first password.
    await context.internalAdapter.linkAccount({
      userId: session.user.id,
      providerId: 'credential',
      accountId: session.user.id,
      password: hash,
    });
  }
  // Other devices signed in with the old password are signed out; this one stays.
  const sessions = await context.internalAdapter.listSessions(session.user.id);
  for (const other of sessions) {
    if (other.token !== session.session.token) await context.internalAdapter.deleteSession(other.token);
  }
}
