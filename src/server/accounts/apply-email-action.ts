import { randomBytes } from 'node:crypto';
import { APIError } from 'better-auth/api';
import type { Auth } from '../auth';
import type { AppDatabase } from '../db/database';
import { AppError } from '../http/errors';
import type { AccountEmails } from './account-emails';
import type { AdminGrants } from './admin-grants';
import { consumeActionCode } from './email-action-codes';
import * as accountMessages from '../../shared/messages/account';

export type EmailActionResult =
  | {
      mode: 'verifyEmail';
      /**
       * Set when the address just verified is the admin's: a one-hour password-reset code for the person who
       * clicked the link, who must now choose the admin password (the landing page takes them there).
       */
      setPasswordCode?: string;
    }
  | { mode: 'recoverEmail'; email: string };

interface Deps {
  auth: Auth;
  database: AppDatabase;
  emails: AccountEmails;
  adminGrants: AdminGrants;
}

/** Better Auth's reset links last an hour; the admin's set-password step as long. */
const SET_PASSWORD_TTL_MS = 60 * 60 * 1000;

/** The provider's message for a failed Better Auth call, as the landing page shows it. */
function providerError(error: unknown): never {
  if (error instanceof APIError) throw new AppError('provider_error', error.message || 'This link is invalid.');
  throw error;
}

/**
 * verifyEmail confirms the address (and, when it confirms a changed address, mails the old one an undo
 * link); recoverEmail sets the old address back and mails it a password reset. Each code works once.
 */
export async function applyEmailAction(deps: Deps, mode: string, code: string): Promise<EmailActionResult> {
  const { auth, database, emails, adminGrants } = deps;
  if (mode === 'verifyEmail') {
    const { token, previousEmail, userId } = await consumeActionCode(database.db, 'verifyEmail', code);
    const result = await auth.api.verifyEmail({ query: { token } }).catch(providerError);
    const context = await auth.$context;
    // The account the link was sent for (codes issued before it was recorded: the one Better Auth names).
    const verifiedId = userId ?? (result as { user?: { id: string } | null } | undefined)?.user?.id;
    const user = verifiedId ? await context.internalAdapter.findUserById(verifiedId) : null;
    if (previousEmail && user) {
      // The new address was just proven by this click, whatever its state before.
      await context.internalAdapter.updateUser(user.id, { emailVerified: true });
      await emails.sendEmailChanged({ userId: user.id, oldEmail: previousEmail, newEmail: user.email });
    }
    if (user && adminGrants.isAdminAddress(user.email) && !(await adminGrants.isGranted(user.id))) {
      return { mode: 'verifyEmail', setPasswordCode: await clearForAdminGrants(auth, user.id) };
    }
    return { mode: 'verifyEmail' };
  }
  if (mode === 'recoverEmail') {
    const { userId, oldEmail } = await consumeActionCode(database.db, 'recoverEmail', code);
    const context = await auth.$context;
    const taken = await context.internalAdapter.findUserByEmail(oldEmail);
    if (taken && taken.user.id !== userId) {
      throw new AppError('provider_error', `The email address ${oldEmail} now belongs to another account.`);
    }
    await context.internalAdapter.updateUser(userId, { email: oldEmail, emailVerified: true });
    // Whoever changed the address may still be signed in: end every session of the account.
    await context.internalAdapter.deleteUserSessions(userId);
    await auth.api.requestPasswordReset({ body: { email: oldEmail } }).catch(providerError);
    return { mode: 'recoverEmail', email: oldEmail };
  }
  throw new AppError('invalid_mode', accountMessages.invalidMode);
}

/**
 * The admin address has just been proven by a click in its mailbox, but whoever signed up with it may have been
 * someone else, holding the password and a session. Both end here: every session, and the password (the
 * credential is removed, so no password signs in). The one who clicked gets a code to choose the password, and
 * choosing it grants admin rights (auth.ts, onPasswordReset).
 */
async function clearForAdminGrants(auth: Auth, userId: string): Promise<string> {
  const context = await auth.$context;
  await context.internalAdapter.deleteUserSessions(userId);
  for (const account of await context.internalAdapter.findAccounts(userId)) {
    if (account.providerId === 'credential') await context.internalAdapter.deleteAccount(account.id);
  }
  const token = randomBytes(24).toString('base64url');
  await context.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + SET_PASSWORD_TTL_MS),
  });
  return token;
}
