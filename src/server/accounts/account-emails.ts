import type { RestaurantDetails } from '../../booking/restaurant-settings';
import type { AppConfig } from '../config';
import type { AppDatabase } from '../db/database';
import type { RateCounters } from '../db/rate-counters';
import type { Logger } from '../logger';
import type { MailMessage } from '../mail/mailer';
import type { MailKind, MailOutbox } from '../mail/outbox';
import { mailTemplates } from '../mail/templates';
import type { AddressKeys } from './address-keys';
import { issueActionCode, type ActionMode } from './email-action-codes';

type LinkMode = ActionMode | 'resetPassword';

/** Every account email links to the spec's landing page: /firebase-action?mode=...&oobCode=... */
export const actionLink = (publicUrl: string, mode: LinkMode, code: string) =>
  `${publicUrl}/firebase-action?${new URLSearchParams({ mode, oobCode: code }).toString()}`;

export interface AccountEmails {
  sendVerification(user: { id: string; email: string }, betterAuthToken: string): Promise<void>;
  /** `requester`: the client address that asked, as auth.ts's clientAddressOf gives it. */
  sendPasswordReset(email: string, resetToken: string, requester: string): Promise<void>;
  sendEmailChanged(change: { userId: string; oldEmail: string; newEmail: string }): Promise<void>;
  /** Tells an account's owner that someone tried to sign up with their address. */
  sendSignUpAttempt(email: string): Promise<void>;
}

type AccountMailKind = Exclude<MailKind, 'reminder'>;

/** How many of one kind of account email one inbox may get in an hour: in all, and at one client address's asking. */
interface Allowance {
  perInbox: number;
  perInboxAndRequester?: number;
}

/**
 * Each kind of account email has an allowance of its own per inbox (README, "Security";
 * docs/decisions/0013-no-lockout-by-strangers.md), so that what a stranger can set off never uses up what the
 * inbox's owner asks for. `perHour` is ACCOUNT_EMAILS_PER_HOUR.
 */
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

export function createAccountEmails(deps: {
  config: AppConfig;
  database: AppDatabase;
  outbox: MailOutbox;
  counters: RateCounters;
  keys: AddressKeys;
  logger: Logger;
  /** The restaurant as the owner's settings have it now (the emails' signature). */
  restaurant: () => RestaurantDetails;
  now: () => Date;
}): AccountEmails {
  const { config, outbox, counters, keys, logger, restaurant, now } = deps;
  const { db } = deps.database;
  const perHour = config.fairUse.accountEmailsPerHour;
  const allowance = allowances(perHour);

  /** Counts the email against its allowances; false when one of them is used up. */
  const withinAllowance = async (kind: AccountMailKind, to: string, requester: string) => {
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

  // Written to the outbox, which delivers and retries in the background: a slow or failing mail server never
  // blocks (or times) a sign-up. Past an allowance a request is answered as usual and nothing is sent (issue 19:
  // 123 emails reached one person in 2 s).
  const deliver = async (kind: AccountMailKind, message: MailMessage, requester = 'the app') => {
    if (!(await withinAllowance(kind, message.to, requester))) {
      logger.warn(
        { to: message.to, subject: message.subject },
        'account email not sent: this inbox had its hourly share of this kind',
      );
      return;
    }
    await outbox.enqueue({ kind, message });
  };

  return {
    async sendVerification(user, betterAuthToken) {
      // When Better Auth verifies a *changed* address, the stored email is still the old one.
      const stored = await db.selectFrom('user').select('email').where('id', '=', user.id).executeTakeFirst();
      const previousEmail = stored && stored.email !== user.email ? stored.email : undefined;
      const code = await issueActionCode(db, 'verifyEmail', {
        token: betterAuthToken,
        userId: user.id,
        ...(previousEmail ? { previousEmail } : {}),
      });
      await deliver(
        'verify-email',
        mailTemplates.verifyEmail(restaurant(), user.email, actionLink(config.publicUrl, 'verifyEmail', code)),
      );
    },
    async sendPasswordReset(email, resetToken, requester) {
      await deliver(
        'reset-password',
        mailTemplates.resetPassword(restaurant(), email, actionLink(config.publicUrl, 'resetPassword', resetToken)),
        requester,
      );
    },
    async sendEmailChanged(change) {
      const code = await issueActionCode(db, 'recoverEmail', change);
      await deliver(
        'email-changed',
        mailTemplates.emailChanged(
          restaurant(),
          change.oldEmail,
          change.newEmail,
          actionLink(config.publicUrl, 'recoverEmail', code),
        ),
      );
    },
    async sendSignUpAttempt(email) {
      await deliver(
        'sign-up-attempt',
        mailTemplates.signUpAttempt(
          restaurant(),
          email,
          `${config.publicUrl}/auth/signin`,
          `${config.publicUrl}/auth/forgotpass`,
        ),
      );
    },
  };
}
