import type { RestaurantDetails } from '../../booking/restaurant-settings';
import type { AppConfig } from '../config';
import type { AppDatabase } from '../db/database';
import type { RateCounters } from '../db/rate-counters';
import type { Logger } from '../logger';
import type { MailMessage } from '../mail/mailer';
import type { MailOutbox } from '../mail/outbox';
import { mailTemplates } from '../mail/templates';
import type { AddressKeys } from './address-keys';
import { storedEmailOf } from './account-store';
import { createEmailAllowances, type AccountMailKind } from './email-allowances';
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
  const { config, outbox, logger, restaurant } = deps;
  const { db } = deps.database;
  const withinAllowance = createEmailAllowances({ ...deps, perHour: config.fairUse.accountEmailsPerHour });

  // Written to the outbox, which delivers and retries in the background: a slow or failing mail server never
  // blocks (or times) a sign-up. Past an allowance a request is answered as usual and nothing is sent (an
  // audit had 123 emails reached one person in 2 s).
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
      const stored = await storedEmailOf(db, user.id);
      const previousEmail = stored !== undefined && stored !== user.email ? stored : undefined;
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
