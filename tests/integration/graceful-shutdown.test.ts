import { describe, expect, it } from 'vitest';
import { launchApp } from '../support/app-process';
import { TestClient } from '../support/http-client';
import { OWNER, OWNER_ENV } from '../support/owner';
import { openEventStream } from '../support/sse';

describe('graceful shutdown', () => {
  it('on SIGTERM ends open event streams, finishes, and exits 0', async () => {
    const app = await launchApp({
      stdout: 'capture',
      readyTimeoutMs: 20_000,
      env: { LOG_LEVEL: 'info', ...OWNER_ENV },
    });
    const { url } = app;
    try {
      const admin = new TestClient(url);
      expect((await admin.api.health.$get()).status).toBe(200);
      expect((await admin.signIn(OWNER.email, OWNER.password)).status).toBe(200);
      // Left open on purpose: an admin's live view must not hold the shutdown.
      const stream = await openEventStream(
        `${url}/api/reservations/stream?date=2026-12-01`,
        admin.cookieHeader(),
        () => undefined,
      );
      const started = Date.now();
      expect(await app.stop()).toBe(0);
      await stream.ended;
      // Well inside the 10-second grace period: the open stream did not hold the server.
      expect(Date.now() - started).toBeLessThan(5000);
      expect(app.output()).toContain('"msg":"stopped"');
    } finally {
      await app.kill();
    }
  });
});
