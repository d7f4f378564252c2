import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';

export interface ReceivedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  file: string;
}

async function readAll(dir: string): Promise<ReceivedEmail[]> {
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (name) => {
      const parsed = await simpleParser(readFileSync(join(dir, name)));
      const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
      const text = parsed.text ?? '';
      return {
        to: to ?? '',
        subject: parsed.subject ?? '',
        text,
        html: typeof parsed.html === 'string' ? parsed.html : '',
        links: text.match(/https?:\/\/\S+/g) ?? [],
        file: name,
      };
    }),
  );
}

/** The emails in the outbox folder addressed to `to`, oldest first. */
export async function emailsTo(dir: string, to: string): Promise<ReceivedEmail[]> {
  return (await readAll(dir)).filter((email) => email.to.toLowerCase().includes(to.toLowerCase()));
}

/** The emails in the outbox folder addressed to exactly one of `addresses` (in any case), oldest first. */
export async function emailsToAnyOf(dir: string, addresses: string[]): Promise<ReceivedEmail[]> {
  const wanted = new Set(addresses.map((address) => address.toLowerCase()));
  return (await readAll(dir)).filter((email) => wanted.has(email.to.toLowerCase()));
}

/** Waits (up to 5 s) for the n-th email to `to` whose subject matches, and returns it. */
export async function waitForEmail(dir: string, to: string, subject: RegExp, nth = 1): Promise<ReceivedEmail> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const matching = (await emailsTo(dir, to)).filter((email) => subject.test(email.subject));
    if (matching.length >= nth) return matching[nth - 1]!;
    if (Date.now() > deadline) throw new Error(`no email ${nth} to ${to} matching ${String(subject)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The mode and oobCode of the account-action link in an email. */
export function actionLinkOf(email: ReceivedEmail): { mode: string; oobCode: string; url: string } {
  const url = email.links.find((link) => link.includes('/firebase-action?'));
  if (!url) throw new Error(`no action link in "${email.subject}"`);
  const params = new URL(url).searchParams;
  return { mode: params.get('mode') ?? '', oobCode: params.get('oobCode') ?? '', url };
}
