import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { TestClient } from '../support/http-client';
import { openEventStream } from '../support/sse';

describe('graceful shutdown', () => {
  it('on SIGTERM ends open event streams, finishes, and exits 0', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'shutdown-')),
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: 'owner-password-1',
      },
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await expect
        .poll(async () => (await fetch(`${url}/api/health`).catch(() => null))?.status, { timeout: 20_000 })
        .toBe(200);
      const admin = new TestClient(url);
      expect((await admin.signIn('owner@example.com', 'owner-password-1')).status).toBe(200);
      // Left open on purpose: an admin's live view must not hold the shutdown.
      const stream = await openEventStream(
        `${url}/api/reservations/stream?date=2026-12-01`,
        admin.cookieHeader(),
        () => undefined,
      );
      const started = Date.now();
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await stream.ended;
      // Well inside the 10-second grace period: the open stream did not hold the server.
      expect(Date.now() - started).toBeLessThan(5000);
      expect(output).toContain('"msg":"stopped"');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
