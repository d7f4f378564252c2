import { resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { closedDate } from './tests/e2e/support/e2e-env';

// e2e runs in Debian's Chromium (never a downloaded browser) against the built app, started by
// tests/e2e/support/serve.ts on a throwaway database (PostgreSQL when TEST_DATABASE_URL is set).
const port = Number(process.env.E2E_PORT ?? 4173);
// The app writes its emails here (no SMTP in e2e); tests read them from tests/e2e/support/e2e-env.ts.
const E2E_OUTBOX = resolve('test-results/e2e-outbox');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchOptions = {
  executablePath: chromium,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: { baseURL: `http://127.0.0.1:${port}`, trace: 'retain-on-failure', launchOptions },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions } },
  ],
  webServer: {
    command: `node --import tsx tests/e2e/support/serve.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    // The e2e server's closed date, fixed here for it and for the workers (which inherit this process's env).
    env: { E2E_PORT: String(port), E2E_OUTBOX, E2E_CLOSED_DATE: closedDate() },
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
