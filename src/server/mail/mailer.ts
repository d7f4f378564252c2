import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { Transporter } from 'nodemailer';
import type nodemailerModule from 'nodemailer';
import type { AppConfig } from '../config';
import type { Logger } from '../logger';
import { makePrivateFolder, PRIVATE_FILE } from '../private-files';
import { removeEmailsTo } from './outbox-folder';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends one message; resolves once the SMTP server (or the outbox folder) has it. */
  send(message: MailMessage): Promise<void>;
  /** Removes the copies kept here of the emails to `address` (a deleted account's). */
  forgetRecipient(address: string): Promise<void>;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message becomes an .eml file in the outbox
 * folder (and its links are logged), so a fresh install works with no mail server.
 */
// nodemailer is loaded with the first email, not at start: most of the time no email is on its way, and it is
// 5 MB of memory (under 100 MB idle). It is CommonJS, so it loads synchronously.
let nodemailerLoaded: typeof nodemailerModule | undefined;
const nodemailer = () => (nodemailerLoaded ??= createRequire(import.meta.url)('nodemailer') as typeof nodemailerModule);

export function createMailer(config: AppConfig, logger: Logger, restaurantName: () => string): Mailer {
  // The sender by default is the restaurant by its current name (the owner may rename it in the settings).
  const sender = () => config.mail.from ?? { name: restaurantName(), address: 'reservations@localhost' };
  if (config.mail.smtpUrl) {
    // Seconds, not nodemailer's minutes: a mail server that accepts a connection and never answers fails this
    // send soon, and the outbox tries again later (mail/outbox.ts).
    const timeout = config.mail.timeoutMs;
    const smtpUrl = config.mail.smtpUrl;
    let transport: Transporter | undefined;
    return {
      async send(message) {
        transport ??= nodemailer().createTransport({
          url: smtpUrl,
          connectionTimeout: timeout,
          greetingTimeout: timeout,
          socketTimeout: timeout,
        });
        await transport.sendMail({ from: sender(), ...message });
        logger.info({ to: message.to, subject: message.subject }, 'email sent');
      },
      // What the mail server took is out of the app's hands, and nothing is kept here.
      forgetRecipient: () => Promise.resolve(),
    };
  }

  const outbox = config.mail.outboxDir;
  let writer: Transporter | undefined;
  let sequence = 0;
  // The links carry live tokens (a password reset): handy in the log on a fresh install, never in production.
  const logLinks = config.env !== 'production';
  if (!logLinks) {
    logger.warn(
      { outbox },
      'SMTP_URL is not set: account emails and reminders are written to the outbox folder, and nobody receives them',
    );
  }
  return {
    async send(message) {
      writer ??= nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await writer.sendMail({ from: sender(), ...message });
      // Private to the app's user: a password-reset email carries a live link.
      makePrivateFolder(outbox);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(outbox, `${stamp}-${String(++sequence).padStart(4, '0')}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: PRIVATE_FILE });
      const links = logLinks ? (message.text.match(/https?:\/\/\S+/g) ?? []) : undefined;
      logger.info({ to: message.to, subject: message.subject, file, links }, 'email written to the outbox');
    },
    async forgetRecipient(address) {
      const removed = await removeEmailsTo(outbox, address);
      if (removed) logger.info({ removed }, 'emails of a deleted account removed from the outbox folder');
    },
  };
}
