import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { z } from 'zod';
import { profileName } from '../../shared/account-schemas';
import type { FairUseLimits } from '../config';
import type { RateCounters } from '../db/rate-counters';
import type { Logger } from '../logger';
import type { AccountEmails } from './account-emails';
import * as accountMessages from '../../shared/messages/account';

// What the app adds to Better Auth's own endpoints, at their normalized paths (so no spelling of a URL gets
// round it): one name rule for sign-up and profile updates, a per-account back-off on wrong passwords, and a
// sign-up for an address that has an account pointing to sign-in and telling the address's owner.

/** The window a run of failed sign-ins is counted in; a success or a password reset clears it. */
const FAILED_SIGN_IN_WINDOW_MS = 24 * 60 * 60 * 1000;
const MAX_BACKOFF_MINUTES = 30;

export const EXISTING_ACCOUNT_MESSAGE =
  'An account with this email already exists. Sign in instead, or reset your password if you have forgotten it.';

/** The email a request body carries, when it carries one as text. */
const emailIn = (body: unknown): string | undefined => {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email : undefined;
};

const failedSignInKey = (email: string) => `sign-in-failures:${email.trim().toLowerCase()}`;

/** Minutes to wait after `failures` wrong passwords in a row: none at first, then 1, 2, 4 ... up to 30. */
export function backoffMinutes(failures: number, freeFailures: number): number {
  if (freeFailures === 0 || failures < freeFailures) return 0;
  return Math.min(MAX_BACKOFF_MINUTES, 2 ** (failures - freeFailures));
}

const profileBody = z.object({
  name: profileName.optional(),
  image: z.string({ error: 'Invalid image' }).max(2048, 'Invalid image').nullable().optional(),
});

function checkProfile(body: unknown, nameRequired: boolean) {
  if (!body || typeof body !== 'object') return; // Better Auth refuses those in its own words
  const result = (nameRequired ? profileBody.required({ name: true }) : profileBody).safeParse(body);
  if (!result.success) {
    throw new APIError('BAD_REQUEST', {
      message: result.error.issues[0]?.message ?? 'Invalid request',
      code: 'INVALID_PROFILE',
    });
  }
}

export function createAuthHooks(deps: {
  counters: RateCounters;
  emails: AccountEmails;
  limits: FairUseLimits;
  logger: Logger;
}) {
  const { counters, emails, limits, logger } = deps;

  /** Clears the run of failed sign-ins of an address (after a success, or a password reset through the mailbox). */
  const forgiveFailedSignIns = (email: string) => counters.clear(failedSignInKey(email));

  const before = createAuthMiddleware(async (ctx) => {
    if (ctx.path === '/sign-up/email') checkProfile(ctx.body, true);
    if (ctx.path === '/update-user') checkProfile(ctx.body, false);
    // Deleting an account asks for its password again, however recent the sign-in (Better Auth alone would
    // accept a fresh session instead); only an account without a password (Google) relies on a fresh session.
    if (ctx.path === '/delete-user' && !(ctx.body as { password?: unknown } | undefined)?.password) {
      const session = await getSessionFromCtx(ctx);
      const accounts = session ? await ctx.context.internalAdapter.findAccounts(session.user.id) : [];
      if (accounts.some((account) => account.providerId === 'credential')) {
        throw new APIError('BAD_REQUEST', { message: accountMessages.enterYourPassword, code: 'PASSWORD_REQUIRED' });
      }
    }
    const email = emailIn(ctx.body);
    if (ctx.path === '/sign-in/email' && email) {
      // Keyed by the address typed, whether or not it has an account, so the wait tells nothing about accounts.
      const failures = await counters.peek(failedSignInKey(email), FAILED_SIGN_IN_WINDOW_MS);
      const wait = failures ? backoffMinutes(failures.count, limits.signInFailuresBeforeBackoff) : 0;
      const until = failures ? failures.lastAt + wait * 60_000 : 0;
      if (wait > 0 && Date.now() < until) {
        const minutes = Math.ceil((until - Date.now()) / 60_000);
        throw new APIError('TOO_MANY_REQUESTS', {
          message: `Too many wrong passwords for this account. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again, or reset your password.`,
          code: 'SIGN_IN_BACKOFF',
        });
      }
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    const failed = isAPIError(returned);
    const email = emailIn(ctx.body);
    if (ctx.path === '/sign-in/email' && email) {
      if (failed && returned.body?.code === 'INVALID_EMAIL_OR_PASSWORD') {
        await counters.hit(failedSignInKey(email), FAILED_SIGN_IN_WINDOW_MS);
      } else if (!failed) {
        await forgiveFailedSignIns(email);
      }
    }
    if (
      ctx.path === '/sign-up/email' &&
      email &&
      failed &&
      returned.body?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'
    ) {
      // The account's owner hears of it (if it was not them, their account is untouched), within the inbox cap.
      void emails
        .sendSignUpAttempt(email.toLowerCase())
        .catch((error: unknown) => logger.error({ err: error }, 'sign-up notice not sent'));
      throw new APIError('UNPROCESSABLE_ENTITY', { message: EXISTING_ACCOUNT_MESSAGE, code: 'USER_ALREADY_EXISTS' });
    }
  });

  return { before, after, forgiveFailedSignIns };
}
