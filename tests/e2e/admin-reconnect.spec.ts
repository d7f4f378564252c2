import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchApp } from '../support/app-process';
import { freePort } from '../support/free-port';
import { ADMIN, openDate } from './support/e2e-env';
import { expect, test } from './support/fixtures';

test.skip(({ isMobile }) => isMobile, 'desktop only');

// This test restarts a server of its own (the built app, as `npm start` runs it) under an open dashboard: same
// port and data folder each time, so the page reconnects to the same book.
const startApp = (port: number, dataDir: string) =>
  launchApp({
    entry: 'built',
    port,
    dataDir,
    stderr: 'ignore',
    readyTimeoutMs: 15_000,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });

test('the live day view reconnects after a server restart and keeps following changes', async ({ page }) => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'reconnect-'));
  let app = await startApp(port, dataDir);
  try {
    const date = openDate(6);
    const signIn = await page.request.post(`${url}/api/auth/sign-in/email`, { data: ADMIN, headers: { origin: url } });
    expect(signIn.ok()).toBe(true);
    await page.goto(`${url}/admin`);
    await page.getByLabel('Date', { exact: true }).fill(date);
    await expect(page.getByText('Live: changes appear as they happen')).toBeVisible();

    const stoppingAt = Date.now();
    const exitCode = await app.stop();
    // A graceful stop: open streams end and the process exits well before the 10-second grace period.
    expect(exitCode).toBe(0);
    expect(Date.now() - stoppingAt).toBeLessThan(5000);
    await expect(page.getByText('Reconnecting…')).toBeVisible();
    app = await startApp(port, dataDir);
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
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
