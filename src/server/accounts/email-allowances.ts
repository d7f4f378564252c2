import type { RateCounters } from '../db/rate-counters';
import type { MailKind } from '../mail/outbox';
import type { AddressKeys } from './address-keys';

// How many account emails one inbox gets (README, "Security"; docs/decisions/0013-no-lockout-by-strangers.md):
// an allowance per kind, so that what a stranger can set off never uses up what the inbox's owner asks for.

export type AccountMailKind = Exclude<MailKind, 'reminder'>;

/** How many of one kind of account email one inbox may get in an hour: in all, and at one client address's asking. */
interface Allowance {
  perInbox: number;
  perInboxAndRequester?: number;
}

/** Each kind's allowance; `perHour` is ACCOUNT_EMAILS_PER_HOUR. */
function allowances(perHour: number): Record<AccountMailKind, Allowance> {
  return {
    // A stranger's sign-up with the address sets it off; a second notice within the hour would say nothing new.
    'sign-up-attempt': { perInbox: 1 },
    'verify-email': { perInbox: perHour },
    'email-changed': { perInbox: perHour },
    // Three at one client address's asking, so that one stranger cannot use up the owner's; twice the others from
    // everyone together, so that no crowd floods the inbox. A reset link lasts the hour this counts in, so while
    // strangers hold an inbox at its bound, the newest reset in it still works for its owner.
    'reset-password': { perInbox: 2 * perHour, perInboxAndRequester: 3 },
  };
}

const HOUR_MS = 60 * 60 * 1000;

/** Counts an email against its allowances: false when one of them is used up. `perHour` is ACCOUNT_EMAILS_PER_HOUR. */
export function createEmailAllowances(deps: {
  counters: RateCounters;
  keys: AddressKeys;
  perHour: number;
  now: () => Date;
}) {
  const { counters, keys, perHour, now } = deps;
  const allowance = allowances(perHour);
  return async (kind: AccountMailKind, to: string, requester: string): Promise<boolean> => {
    if (perHour === 0) return true;
    const inbox = keys.inbox(to);
    const within = async (key: string, allowed: number) =>
      (await counters.hit(key, HOUR_MS, now().getTime())).count <= allowed;
    const { perInbox, perInboxAndRequester } = allowance[kind];
    // The requester's own share first: what one client address asks past it never counts against the inbox's.
    if (perInboxAndRequester !== undefined && !(await within(`${inbox}:${kind}:${requester}`, perInboxAndRequester)))
      return false;
    return within(`${inbox}:${kind}`, perInbox);
  };
}
