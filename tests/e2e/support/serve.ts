import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase } from '../../support/test-database';
import { closedDate } from './e2e-env';

// Playwright's web server: the built app (dist/server/index.js, as `npm start` runs it) on a fresh
// database that is dropped again when Playwright stops us.
const port = process.env.E2E_PORT ?? '4173';
const outbox = process.env.E2E_OUTBOX ?? 'test-results/e2e-outbox';
rmSync(outbox, { recursive: true, force: true });
const testDatabase = await createTestDatabase();
// The shipped restaurant config, plus one closed date for the screens that explain it.
const restaurantConfig = join(testDatabase.dataDir, 'restaurant.json');
const shipped = JSON.parse(readFileSync('config/restaurant.json', 'utf8')) as { closedDates?: string[] };
writeFileSync(restaurantConfig, JSON.stringify({ ...shipped, closedDates: [closedDate()] }));

const child = spawn(process.execPath, ['dist/server/index.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    PORT: port,
    HOST: '127.0.0.1',
    // No PUBLIC_URL, as on a fresh `npm start` (its default is http://localhost:PORT), while the browser opens the
    // app at http://127.0.0.1:PORT: every test signs in and books across that difference (issue 19.6).
    DATA_DIR: testDatabase.dataDir,
    DATABASE_URL: testDatabase.url,
    RESTAURANT_CONFIG: restaurantConfig,
    MAIL_OUTBOX_DIR: outbox,
    ADMIN_EMAIL: 'owner@example.com',
    ADMIN_PASSWORD: 'owner-password-1',
    // Every password change asks for the password again, so e2e sees the re-authenticate dialog.
    AUTH_FRESH_SESSION_MINUTES: '0',
    // Each test sends its own X-Forwarded-For (tests/e2e/support/fixtures.ts), like guests behind a proxy.
    TRUST_PROXY: 'true',
  },
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  void testDatabase.drop().finally(() => process.exit(stopping ? 0 : (code ?? 1)));
});
