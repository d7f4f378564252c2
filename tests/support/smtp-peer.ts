import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * How the peer behaves: 'accept' keeps every message; 'stall' takes the message and never answers (as a mail
 * server that hangs); 'refuse' answers every recipient "try again later".
 */
export type PeerMode = 'accept' | 'stall' | 'refuse';

/**
 * A real SMTP server on a loopback port that keeps every message it receives, parsed. It can misbehave on
 * purpose (stall, refuse, or go away and come back on the same port), as a mail server on a bad night.
 */
export async function startSmtpPeer(options: { failFirst?: number; port?: number } = {}) {
  const messages: ParsedMail[] = [];
  // Refuses the first `failFirst` messages (a mail server having a bad minute).
  let failuresLeft = options.failFirst ?? 0;
  let mode: PeerMode = 'accept';
  /** Recipients whose messages stall whatever the mode (one stuck message among good ones). */
  const stalling = new Set<string>();
  /** How many messages were taken and left unanswered, and how many recipients refused. */
  let stalled = 0;
  let refused = 0;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Closing drops a stalled connection after a second instead of waiting for the client to give up.
      closeTimeout: 1_000,
      onRcptTo(address, _session, callback) {
        if (mode === 'refuse') {
          refused++;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        callback();
      },
      onData(stream, session, callback) {
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        if (mode === 'stall' || recipients.some((address) => stalling.has(address))) {
          // Takes the message and never answers: the client must give up on its own.
          stalled++;
          stream.resume();
          return;
        }
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

  const created = () => {
    const next = create();
    // A client killed mid-message resets its connection: expected here, not a failure of the peer.
    next.on('error', () => undefined);
    return next;
  };
  let server = created();
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(options.port ?? 0);
  const { port } = server.server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    failNext: (count: number) => (failuresLeft = count),
    setMode: (next: PeerMode) => (mode = next),
    stallFor: (address: string) => stalling.add(address.toLowerCase()),
    stalledCount: () => stalled,
    refusedCount: () => refused,
    messages,
    to: (address: string) =>
      messages.filter((mail) =>
        (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to?.text.includes(address)),
      ),
    /** Goes away: connections are refused until `comeBack`. */
    goAway: close,
    /** Listens again on the same port. */
    async comeBack() {
      server = created();
      await listen(port);
    },
    close,
  };
}
