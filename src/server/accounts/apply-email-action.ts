import { APIError } from 'better-auth/api';
import type { Auth } from '../auth';
import type { AppDatabase } from '../db/database';
import { AppError } from '../http/errors';
import type { AccountEmails } from './account-emails';
import { consumeActionCode } from './email-action-codes';

export type EmailActionResult = { mode: 'verifyEmail' } | { mode: 'recoverEmail'; email: string };

interface Deps {
  auth: Auth;
  database: AppDatabase;
  emails: AccountEmails;
}

/** The provider's message for a failed Better Auth call, as the landing page shows it. */
function providerError(error: unknown): never {
  if (error instanceof APIError) throw new AppError(400, error.message || 'This link is invalid.', 'provider_error');
  throw error;
}

/**
 * verifyEmail confirms the address (and, when it confirms a changed address, mails the old one an undo
 * link); recoverEmail sets the old address back and mails it a password reset. Each code works once.
 */
export async function applyEmailAction(deps: Deps, mode: string, code: string): Promise<EmailActionResult> {
  const { auth, database, emails } = deps;
  if (mode === 'verifyEmail') {
    const { token, previousEmail } = await consumeActionCode(database.db, 'verifyEmail', code);
    const result = await auth.api.verifyEmail({ query: { token } }).catch(providerError);
    const user = (result as { user?: { id: string; email: string } | null } | undefined)?.user;
    if (previousEmail && user) {
      const context = await auth.$context;
      // The new address was just proven by this click, whatever its state before.
      await context.internalAdapter.updateUser(user.id, { emailVerified: true });
      await emails.sendEmailChanged({ userId: user.id, oldEmail: previousEmail, newEmail: user.email });
    }
    return { mode: 'verifyEmail' };
  }
  if (mode === 'recoverEmail') {
    const { userId, oldEmail } = await consumeActionCode(database.db, 'recoverEmail', code);
    const context = await auth.$context;
    const taken = await context.internalAdapter.findUserByEmail(oldEmail);
    if (taken && taken.user.id !== userId) {
      throw new AppError(400, `The email address ${oldEmail} now belongs to another account.`, 'provider_error');
    }
    await context.internalAdapter.updateUser(userId, { email: oldEmail, emailVerified: true });
    // Whoever changed the address may still be signed in: end every session of the account.
    await context.internalAdapter.deleteUserSessions(userId);
    await auth.api.requestPasswordReset({ body: { email: oldEmail } }).catch(providerError);
    return { mode: 'recoverEmail', email: oldEmail };
  }
  throw new AppError(400, 'Invalid mode parameter', 'invalid_mode');
}
