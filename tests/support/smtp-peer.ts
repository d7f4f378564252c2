import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a loopback port that keeps every message it receives, parsed. */
export async function startSmtpPeer(options: { failFirst?: number } = {}) {
  const messages: ParsedMail[] = [];
  // Refuses the first `failFirst` messages (a mail server having a bad minute).
  let failuresLeft = options.failFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (failuresLeft > 0) {
        failuresLeft--;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    failNext: (count: number) => (failuresLeft = count),
    messages,
    to: (address: string) =>
      messages.filter((mail) =>
        (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to?.text.includes(address)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
