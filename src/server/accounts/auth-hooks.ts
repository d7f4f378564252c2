import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { z } from 'zod';
import { profileName } from '../../booking/account-schemas';
import type { FairUseLimits } from '../config';
import type { RateCounters } from '../db/rate-counters';
import type { Logger } from '../logger';
import type { AccountEmails } from './account-emails';
import type { AddressKeys } from './address-keys';
import { createSignInBackoff } from './sign-in-backoff';
import { countOf } from '../../booking/words';
import * as accountMessages from '../../shared/messages/account';

// What the app adds to Better Auth's own endpoints, at their normalized paths (so no spelling of a URL gets
// round it): one name rule for sign-up and profile updates, the password asked again to delete an account, the
// wait after wrong passwords (sign-in-backoff.ts), and a sign-up for an address that has an account pointing to
// sign-in and telling the address's owner.

export const EXISTING_ACCOUNT_MESSAGE =
  'An account with this email already exists. Sign in instead, or reset your password if you have forgotten it.';

/** The email a request body carries, when it carries one as text. */
const emailIn = (body: unknown): string | undefined => {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email : undefined;
};

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

/** Deleting an account asks for its password, however recent the sign-in, unless it has none (Google). */
async function requirePasswordToDelete(ctx: MiddlewareContext) {
  if ((ctx.body as { password?: unknown } | undefined)?.password) return;
  const session = await getSessionFromCtx(ctx);
  const accounts = session ? await ctx.context.internalAdapter.findAccounts(session.user.id) : [];
  if (accounts.some((account) => account.providerId === 'credential')) {
    throw new APIError('BAD_REQUEST', { message: accountMessages.enterYourPassword, code: 'PASSWORD_REQUIRED' });
  }
}

type MiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

export function createAuthHooks(deps: {
  counters: RateCounters;
  keys: AddressKeys;
  emails: AccountEmails;
  limits: FairUseLimits;
  logger: Logger;
  now: () => Date;
  /** The client address a request came from, as Better Auth's own rate limits key it. */
  clientAddressOf: (request: Request | Headers | undefined) => string;
}) {
  const { emails, logger, clientAddressOf } = deps;
  const backoff = createSignInBackoff(deps);
  const clientOf = (ctx: MiddlewareContext) => clientAddressOf(ctx.request ?? ctx.headers);

  const before = createAuthMiddleware(async (ctx) => {
    if (ctx.path === '/sign-up/email') checkProfile(ctx.body, true);
    if (ctx.path === '/update-user') checkProfile(ctx.body, false);
    // Better Auth alone would accept a fresh session instead of the password.
    if (ctx.path === '/delete-user') await requirePasswordToDelete(ctx);
    const email = emailIn(ctx.body);
    if (ctx.path === '/sign-in/email' && email) {
      const minutes = await backoff.minutesToWait(email, clientOf(ctx));
      if (minutes > 0) {
        throw new APIError('TOO_MANY_REQUESTS', {
          message: `Too many wrong passwords for this account. Please wait ${countOf(minutes, 'minute')} and try again, or reset your password.`,
          code: 'SIGN_IN_BACKOFF',
        });
      }
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    const failed = isAPIError(returned);
    const email = emailIn(ctx.body);
    if (!email) return;
    if (ctx.path === '/sign-in/email') {
      if (failed && returned.body?.code === 'INVALID_EMAIL_OR_PASSWORD') await backoff.failed(email, clientOf(ctx));
      else if (!failed) await backoff.succeeded(email, clientOf(ctx));
    }
    if (ctx.path === '/sign-up/email' && failed && returned.body?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
      // The account's owner hears of it (if it was not them, their account is untouched), within its allowance.
      await emails
        .sendSignUpAttempt(email.toLowerCase())
        .catch((error: unknown) => logger.error({ err: error }, 'sign-up notice not sent'));
      throw new APIError('UNPROCESSABLE_ENTITY', { message: EXISTING_ACCOUNT_MESSAGE, code: 'USER_ALREADY_EXISTS' });
    }
  });

  return { before, after, forgiveFailedSignIns: backoff.forgive };
}
