import type { RestaurantDetails } from '../../booking/restaurant-settings';
import type { AppConfig } from '../config';
import type { AppDatabase } from '../db/database';
import type { RateCounters } from '../db/rate-counters';
import type { Logger } from '../logger';
import type { MailMessage } from '../mail/mailer';
import type { MailKind, MailOutbox } from '../mail/outbox';
import { mailTemplates } from '../mail/templates';
import { issueActionCode, type ActionMode } from './email-action-codes';

type LinkMode = ActionMode | 'resetPassword';

/** Every account email links to the spec's landing page: /firebase-action?mode=...&oobCode=... */
export const actionLink = (publicUrl: string, mode: LinkMode, code: string) =>
  `${publicUrl}/firebase-action?${new URLSearchParams({ mode, oobCode: code }).toString()}`;

export interface AccountEmails {
  sendVerification(user: { id: string; email: string }, betterAuthToken: string): Promise<void>;
  sendPasswordReset(email: string, resetToken: string): Promise<void>;
  sendEmailChanged(change: { userId: string; oldEmail: string; newEmail: string }): Promise<void>;
  /** Tells an account's owner that someone tried to sign up with their address. */
  sendSignUpAttempt(email: string): Promise<void>;
}

const HOUR_MS = 60 * 60 * 1000;

export function createAccountEmails(
  config: AppConfig,
  database: AppDatabase,
  outbox: MailOutbox,
  counters: RateCounters,
  logger: Logger,
  /** The restaurant as the owner's settings have it now (the emails' signature). */
  restaurant: () => RestaurantDetails,
): AccountEmails {
  const { db } = database;
  const cap = config.fairUse.accountEmailsPerHour;

  // Written to the outbox, which delivers and retries in the background: a slow or failing mail server never
  // blocks (or times) a sign-up. Each inbox gets a few account emails an hour at most, however many addresses
  // ask (issue 19: 123 emails reached one person in 2 s); past the cap a request is answered as usual and
  // nothing is sent.
  const deliver = async (kind: MailKind, message: MailMessage) => {
    const recipient = message.to.toLowerCase();
    if (cap > 0 && (await counters.hit(`account-emails:${recipient}`, HOUR_MS)).count > cap) {
      logger.warn(
        { to: recipient, subject: message.subject },
        'account email not sent: this inbox had its hourly share',
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
    async sendPasswordReset(email, resetToken) {
      await deliver(
        'reset-password',
        mailTemplates.resetPassword(restaurant(), email, actionLink(config.publicUrl, 'resetPassword', resetToken)),
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
