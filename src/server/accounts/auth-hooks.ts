import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { z } from 'zod';
import { profileName } from '../../shared/account-schemas';
import type { FairUseLimits } from '../config';
import type { RateCounters } from '../db/rate-counters';
import type { Logger } from '../logger';
import type { AccountEmails } from './account-emails';
import type { AddressKeys } from './address-keys';
import * as accountMessages from '../../shared/messages/account';

// What the app adds to Better Auth's own endpoints, at their normalized paths (so no spelling of a URL gets
// round it): one name rule for sign-up and profile updates, a back-off on wrong passwords, and a sign-up for an
// address that has an account pointing to sign-in and telling the address's owner.

/** The window a run of wrong passwords is counted in; a password reset clears it. */
const FAILED_SIGN_IN_WINDOW_MS = 24 * 60 * 60 * 1000;
const MAX_BACKOFF_MINUTES = 30;
/**
 * Wrong passwords for one account from all addresses together before every address that has failed for it waits,
 * as a multiple of those one address may make (SIGN_IN_FAILURES_BEFORE_BACKOFF).
 */
const ACCOUNT_WIDE_FACTOR = 2;

export const EXISTING_ACCOUNT_MESSAGE =
  'An account with this email already exists. Sign in instead, or reset your password if you have forgotten it.';

/** The email a request body carries, when it carries one as text. */
const emailIn = (body: unknown): string | undefined => {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email : undefined;
};

/** Minutes to wait after `failures` wrong passwords: none for the first `freeFailures`, then 1, 2, 4 ... up to 30. */
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
  keys: AddressKeys;
  emails: AccountEmails;
  limits: FairUseLimits;
  logger: Logger;
  now: () => Date;
  /** The client address a request came from, as Better Auth's own rate limits key it. */
  clientAddressOf: (request: Request | Headers | undefined) => string;
}) {
  const { counters, keys, emails, limits, logger, now, clientAddressOf } = deps;
  const freeFailures = limits.signInFailuresBeforeBackoff;

  // Wrong passwords are counted per account (by the address typed, whether or not it has an account, so that a wait
  // tells nothing about accounts) and per account and client address. An address that has never failed for an
  // account is never held back, so nobody can keep the owner out by failing from elsewhere; one that has waits
  // by its own count, and also by the account's count once all addresses together have failed twice as often,
  // so that guesses spread over many addresses slow down too (docs/decisions/0013-no-lockout-by-strangers.md).
  const failuresKey = (email: string) => `${keys.account(email)}:sign-in-failures`;
  const failuresFromKey = (email: string, client: string) => `${failuresKey(email)}:${client}`;

  /** When (epoch ms) the client may try the account's password again; in the past when it need not wait. */
  async function mayTryAgainAt(email: string, client: string, at: number): Promise<number> {
    const [fromHere, fromAll] = await Promise.all([
      counters.peek(failuresFromKey(email, client), FAILED_SIGN_IN_WINDOW_MS, at),
      counters.peek(failuresKey(email), FAILED_SIGN_IN_WINDOW_MS, at),
    ]);
    if (!fromHere) return 0;
    const own = fromHere.lastAt + backoffMinutes(fromHere.count, freeFailures) * 60_000;
    const accountWide = fromAll
      ? fromAll.lastAt + backoffMinutes(fromAll.count, ACCOUNT_WIDE_FACTOR * freeFailures) * 60_000
      : 0;
    return Math.max(own, accountWide);
  }

  /** Ends every wait on the account (a password chosen through a reset link proves the mailbox). */
  const forgiveFailedSignIns = (email: string) => counters.clearUnder(failuresKey(email));

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
      const at = now().getTime();
      const until = await mayTryAgainAt(email, clientAddressOf(ctx.request ?? ctx.headers), at);
      if (at < until) {
        const minutes = Math.ceil((until - at) / 60_000);
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
      const client = clientAddressOf(ctx.request ?? ctx.headers);
      if (failed && returned.body?.code === 'INVALID_EMAIL_OR_PASSWORD') {
        const at = now().getTime();
        await counters.hit(failuresFromKey(email, client), FAILED_SIGN_IN_WINDOW_MS, at);
        await counters.hit(failuresKey(email), FAILED_SIGN_IN_WINDOW_MS, at);
      } else if (!failed) {
        // The right password from here: this address's run is over (the account's count goes on for the others).
        await counters.clear(failuresFromKey(email, client));
      }
    }
    if (
      ctx.path === '/sign-up/email' &&
      email &&
      failed &&
      returned.body?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'
    ) {
      // The account's owner hears of it (if it was not them, their account is untouched), within its allowance.
      await emails
        .sendSignUpAttempt(email.toLowerCase())
        .catch((error: unknown) => logger.error({ err: error }, 'sign-up notice not sent'));
      throw new APIError('UNPROCESSABLE_ENTITY', { message: EXISTING_ACCOUNT_MESSAGE, code: 'USER_ALREADY_EXISTS' });
    }
  });

  return { before, after, forgiveFailedSignIns };
}
