import { launchApp, type AppProcess } from '../../support/app-process';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';
import { ADMIN } from './e2e-env';
import { test } from './fixtures';

/**
 * A built app of the spec file's own, on a throwaway database, with the admin account: for a file whose changes
 * (the owner's settings, trusted networks) would change what every other spec books against. Fresh for each
 * project (desktop, then phone). `env` adds to the app's environment.
 */
export function useOwnApp(env: Record<string, string> = {}): {
  readonly app: AppProcess;
  /** Its database, for a test that writes what no screen can (last night's parties). */
  readonly database: TestDatabase;
} {
  let app: AppProcess | undefined;
  let database: TestDatabase | undefined;
  test.beforeAll(async () => {
    database = await createTestDatabase();
    app = await launchApp({
      entry: 'built',
      dataDir: database.dataDir,
      stderr: 'ignore',
      env: { DATABASE_URL: database.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env },
    });
  });
  test.afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });
  return {
    get app() {
      if (!app) throw new Error('the app starts before the first test');
      return app;
    },
    get database() {
      if (!database) throw new Error('the app starts before the first test');
      return database;
    },
  };
}
