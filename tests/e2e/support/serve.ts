import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchApp } from '../../support/app-process';
import { createTestDatabase } from '../../support/test-database';
import { ADMIN, closedDate } from './e2e-env';

// Playwright's web server: the built app (dist/server/index.js, as `npm start` runs it) on a fresh
// database that is dropped again when Playwright stops us.
const port = Number(process.env.E2E_PORT ?? 4173);
const outbox = process.env.E2E_OUTBOX ?? 'test-results/e2e-outbox';
rmSync(outbox, { recursive: true, force: true });
const testDatabase = await createTestDatabase();
// The shipped restaurant config, plus one closed date for the screens that explain it.
const restaurantConfig = join(testDatabase.dataDir, 'restaurant.json');
const shipped = JSON.parse(readFileSync('config/restaurant.json', 'utf8')) as { closedDates?: string[] };
writeFileSync(restaurantConfig, JSON.stringify({ ...shipped, closedDates: [closedDate()] }));

const launching = launchApp({
  entry: 'built',
  port,
  dataDir: testDatabase.dataDir,
  inheritEnv: true,
  stdout: 'inherit',
  readyTimeoutMs: 55_000,
  env: {
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // No PUBLIC_URL, as on a fresh `npm start` (its default is http://localhost:PORT), while the browser opens the
    // app at http://127.0.0.1:PORT: every test signs in and books across that difference (issue 19.6).
    PUBLIC_URL: undefined,
    DATABASE_URL: testDatabase.url,
    RESTAURANT_CONFIG: restaurantConfig,
    MAIL_OUTBOX_DIR: outbox,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Every password change asks for the password again, so e2e sees the re-authenticate dialog.
    AUTH_FRESH_SESSION_MINUTES: '0',
    // Each test sends its own X-Forwarded-For (tests/e2e/support/fixtures.ts), like guests behind a proxy.
    TRUST_PROXY: 'true',
  },
});
// A stop signal may come while the app is still starting: it is stopped as soon as it is up.
let stopping = false;
const stop = () => {
  stopping = true;
  void launching.then((app) => app.stop()).catch(() => undefined);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
const app = await launching.catch(async (error: unknown) => {
  await testDatabase.drop();
  throw error;
});
void app.exited.then((code) => testDatabase.drop().finally(() => process.exit(stopping ? 0 : (code ?? 1))));
