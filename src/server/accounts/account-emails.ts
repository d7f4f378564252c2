import type { AppConfig } from '../config';
import type { AppDatabase } from '../db/database';
import type { Logger } from '../logger';
import { sendWithRetry, type Mailer, type MailMessage } from '../mail/mailer';
import { mailTemplates } from '../mail/templates';
import { issueActionCode, type ActionMode } from './email-action-codes';

type LinkMode = ActionMode | 'resetPassword';

/** Every account email links to the spec's landing page: /firebase-action?mode=...&oobCode=... */
export const actionLink = (publicUrl: string, mode: LinkMode, code: string) =>
  `${publicUrl}/firebase-action?${new URLSearchParams({ mode, oobCode: code }).toString()}`;

export interface AccountEmails {
  sendVerification(user: { id: string; email: string }, betterAuthToken: string): Promise<void>;
  sendPasswordReset(email: string, resetToken: string): void;
  sendEmailChanged(change: { userId: string; oldEmail: string; newEmail: string }): Promise<void>;
}

export function createAccountEmails(
  config: AppConfig,
  database: AppDatabase,
  mailer: Mailer,
  logger: Logger,
): AccountEmails {
  const { db } = database;
  // Sent in the background, with retries: a slow or failing mail server never blocks (or times) a sign-up.
  const deliver = (message: MailMessage) => void sendWithRetry(mailer, message, logger);

  return {
    async sendVerification(user, betterAuthToken) {
      // When Better Auth verifies a *changed* address, the stored email is still the old one.
      const stored = await db.selectFrom('user').select('email').where('id', '=', user.id).executeTakeFirst();
      const previousEmail = stored && stored.email !== user.email ? stored.email : undefined;
      const code = await issueActionCode(db, 'verifyEmail', {
        token: betterAuthToken,
        ...(previousEmail ? { previousEmail } : {}),
      });
      deliver(
        mailTemplates.verifyEmail(config.restaurant, user.email, actionLink(config.publicUrl, 'verifyEmail', code)),
      );
    },
    sendPasswordReset(email, resetToken) {
      deliver(
        mailTemplates.resetPassword(
          config.restaurant,
          email,
          actionLink(config.publicUrl, 'resetPassword', resetToken),
        ),
      );
    },
    async sendEmailChanged(change) {
      const code = await issueActionCode(db, 'recoverEmail', change);
      deliver(
        mailTemplates.emailChanged(
          config.restaurant,
          change.oldEmail,
          change.newEmail,
          actionLink(config.publicUrl, 'recoverEmail', code),
        ),
      );
    },
  };
}
