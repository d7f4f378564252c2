import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../config';
import type { Logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends one message; resolves once the SMTP server (or the outbox folder) has it. */
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message becomes an .eml file in the outbox
 * folder (and its links are logged), so a fresh install works with no mail server.
 */
export function createMailer(config: AppConfig, logger: Logger): Mailer {
  const from = config.mail.from;
  if (config.mail.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(config.mail.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
        logger.info({ to: message.to, subject: message.subject }, 'email sent');
      },
    };
  }

  const outbox = config.mail.outboxDir;
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message) {
      const info = await writer.sendMail({ from, ...message });
      mkdirSync(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(outbox, `${stamp}-${String(++sequence).padStart(4, '0')}.eml`);
      writeFileSync(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info({ to: message.to, subject: message.subject, file, links }, 'email written to the outbox');
    },
  };
}

export const MAIL_ATTEMPTS = 3;
const defaultBackoff = (attempt: number) => 2000 * 4 ** (attempt - 1);

/** Tries a delivery up to three times, waiting longer each time (2 s, then 8 s); true once it went out. */
export async function sendWithRetry(
  mailer: Mailer,
  message: MailMessage,
  logger: Logger,
  backoffMs: (attempt: number) => number = defaultBackoff,
): Promise<boolean> {
  for (let attempt = 1; attempt <= MAIL_ATTEMPTS; attempt++) {
    try {
      await mailer.send(message);
      return true;
    } catch (error) {
      logger.warn({ err: error, to: message.to, subject: message.subject, attempt }, 'email delivery failed');
      if (attempt < MAIL_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
    }
  }
  logger.error({ to: message.to, subject: message.subject }, 'email not delivered after retries');
  return false;
}
