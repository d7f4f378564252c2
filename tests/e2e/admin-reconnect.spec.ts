import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, openDate } from './support/e2e-env';
import { expect, test } from './support/fixtures';

test.skip(({ isMobile }) => isMobile, 'desktop only');

// This test restarts a server of its own (the built app, as `npm start` runs it) under an open dashboard.
const port = Number(process.env.E2E_PORT ?? 4173) + 7;
const url = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'reconnect-'));

async function startApp(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

const stopApp = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

test('the live day view reconnects after a server restart and keeps following changes', async ({ page }) => {
  let app = await startApp();
  try {
    const date = openDate(6);
    const signIn = await page.request.post(`${url}/api/auth/sign-in/email`, { data: ADMIN, headers: { origin: url } });
    expect(signIn.ok()).toBe(true);
    await page.goto(`${url}/admin`);
    await page.getByLabel('Date', { exact: true }).fill(date);
    await expect(page.getByText('Live: changes appear as they happen')).toBeVisible();

    const stoppingAt = Date.now();
    await stopApp(app);
    // A graceful stop: open streams end and the process exits well before the 10-second grace period.
    expect(app.exitCode).toBe(0);
    expect(Date.now() - stoppingAt).toBeLessThan(5000);
    await expect(page.getByText('Reconnecting…')).toBeVisible();
    app = await startApp();
    await expect(page.getByText('Live: changes appear as they happen')).toBeVisible({ timeout: 10_000 });

    const booking = await page.request.post(`${url}/api/reservations`, {
      headers: { origin: url },
      data: {
        name: 'After Restart',
        phoneNumber: '555-010-0199',
        reservationDate: date,
        partySize: 2,
        seatType: 'table',
        startTime: 1900,
        reminderEmail: ADMIN.email,
      },
    });
    expect(booking.status()).toBe(201);
    await expect(page.getByRole('article', { name: /After Restart/ })).toBeVisible({ timeout: 3000 });
  } finally {
    await stopApp(app);
  }
});
