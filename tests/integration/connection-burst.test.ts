import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchApp, type AppProcess } from '../support/app-process';

// On a release night every guest's phone opens its own connection within the same two seconds, while the app's
// one thread is busy answering. Connections the app has not yet taken wait in the kernel's queue for the
// listening socket; when that queue is full, the kernel drops the guest's connection attempt and the phone tries
// again only a second later (then three). With Node's default queue of 511 the release bench saw thousands of
// such drops (`nstat TcpExtListenOverflows`), and p99s stuck near one second.
//
// Here the app is paused (SIGSTOP), so it takes no connection at all, as if busy; every connection made
// meanwhile must still be taken into the queue, and answered once the app runs again.

const GUESTS = 1500;

describe('a burst of new connections while the app is busy', () => {
  let app: AppProcess;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    app = await launchApp();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    if (app.alive()) process.kill(app.pid, 'SIGCONT');
    await app.stop();
  });

  it(`queues ${GUESTS} connections made at once, and answers each`, async () => {
    process.kill(app.pid, 'SIGSTOP');
    let connected = 0;
    const answers: Promise<string>[] = [];
    for (let i = 0; i < GUESTS; i++) {
      const socket = connect({ host: '127.0.0.1', port: app.port });
      sockets.push(socket);
      socket.once('connect', () => connected++);
      answers.push(
        new Promise((resolve, reject) => {
          let text = '';
          socket.setEncoding('utf8');
          socket.on('data', (chunk: string) => {
            text += chunk;
            if (text.includes('\r\n\r\n')) resolve(text.slice(0, text.indexOf('\r\n')));
          });
          socket.once('error', reject);
        }),
      );
      socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\nConnection: close\r\n\r\n`);
    }
    // A dropped attempt is sent again only after a second: until then, only those the queue took can connect.
    const deadline = performance.now() + 900;
    while (connected < GUESTS && performance.now() < deadline) await sleep(20);
    const connectedWhileBusy = connected;
    process.kill(app.pid, 'SIGCONT');
    const statusLines = await Promise.all(answers);

    expect(connectedWhileBusy).toBe(GUESTS);
    expect(new Set(statusLines)).toEqual(new Set(['HTTP/1.1 200 OK']));
  }, 60_000);
});
