import type { FairUseLimits } from '../config';
import type { RateCounters } from '../db/rate-counters';
import type { AddressKeys } from './address-keys';

// The wait after wrong passwords (docs/decisions/0013-no-lockout-by-strangers.md). Wrong passwords are counted per
// account (by the address typed, whether or not it has an account, so that a wait tells nothing about accounts)
// and per account and client address. An address that has never failed for an account is never held back, so
// nobody can keep the owner out by failing from elsewhere; one that has waits by its own count, and also by the
// account's count once all addresses together have failed twice as often, so that guesses spread over many
// addresses slow down too.

/** The window a run of wrong passwords is counted in; a password reset clears it. */
const FAILED_SIGN_IN_WINDOW_MS = 24 * 60 * 60 * 1000;
const MAX_BACKOFF_MINUTES = 30;
/**
 * Wrong passwords for one account from all addresses together before every address that has failed for it waits,
 * as a multiple of those one address may make (SIGN_IN_FAILURES_BEFORE_BACKOFF).
 */
const ACCOUNT_WIDE_FACTOR = 2;

/** Minutes to wait after `failures` wrong passwords: none for the first `freeFailures`, then 1, 2, 4 ... up to 30. */
export function backoffMinutes(failures: number, freeFailures: number): number {
  if (freeFailures === 0 || failures < freeFailures) return 0;
  return Math.min(MAX_BACKOFF_MINUTES, 2 ** (failures - freeFailures));
}

export function createSignInBackoff(deps: {
  counters: RateCounters;
  keys: AddressKeys;
  limits: FairUseLimits;
  now: () => Date;
}) {
  const { counters, keys, now } = deps;
  const freeFailures = deps.limits.signInFailuresBeforeBackoff;
  const failuresKey = (email: string) => `${keys.account(email)}:sign-in-failures`;
  const failuresFromKey = (email: string, client: string) => `${failuresKey(email)}:${client}`;

  return {
    /** Minutes the client must wait before trying the account's password again; 0 when it need not. */
    async minutesToWait(email: string, client: string): Promise<number> {
      const at = now().getTime();
      const [fromHere, fromAll] = await Promise.all([
        counters.peek(failuresFromKey(email, client), FAILED_SIGN_IN_WINDOW_MS, at),
        counters.peek(failuresKey(email), FAILED_SIGN_IN_WINDOW_MS, at),
      ]);
      if (!fromHere) return 0;
      const own = fromHere.lastAt + backoffMinutes(fromHere.count, freeFailures) * 60_000;
      const accountWide = fromAll
        ? fromAll.lastAt + backoffMinutes(fromAll.count, ACCOUNT_WIDE_FACTOR * freeFailures) * 60_000
        : 0;
      const until = Math.max(own, accountWide);
      return at < until ? Math.ceil((until - at) / 60_000) : 0;
    },
    /** A wrong password from the client: it counts for the client and for the account. */
    async failed(email: string, client: string): Promise<void> {
      const at = now().getTime();
      await counters.hit(failuresFromKey(email, client), FAILED_SIGN_IN_WINDOW_MS, at);
      await counters.hit(failuresKey(email), FAILED_SIGN_IN_WINDOW_MS, at);
    },
    /** The right password from the client: its run is over (the account's count goes on for the others). */
    succeeded: (email: string, client: string) => counters.clear(failuresFromKey(email, client)),
    /** Ends every wait on the account (a password chosen through a reset link proves the mailbox). */
    forgive: (email: string) => counters.clearUnder(failuresKey(email)),
  };
}

export type SignInBackoff = ReturnType<typeof createSignInBackoff>;
