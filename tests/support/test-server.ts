import { loadConfig, type AppConfig } from '../../src/server/config';
import { createLogger, type Logger } from '../../src/server/logger';
import type { OutboxTiming } from '../../src/server/mail/outbox';
import { startServer, type RunningServer } from '../../src/server/server';
import { freePort } from './free-port';

export { NO_FAIR_USE_LIMITS } from './fair-use';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestServer extends RunningServer {
  config: AppConfig;
  testDatabase: TestDatabase;
  /** Stops the server and drops its database. */
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /** Environment variables on top of the test defaults (a free port, a throwaway database, silent logs). */
  env?: Record<string, string>;
  /** The clock the app reads; by default the real one. */
  now?: () => Date;
  /** Share another server's database (a second instance); it is then dropped by its owner only. */
  shared?: TestDatabase;
  /** A built client folder to serve the SPA from; without one the server answers the API only. */
  clientDir?: string;
  /** The app's logger; by default one at LOG_LEVEL (silent unless `env` says otherwise). */
  logger?: Logger;
  /**
   * The mail outbox's timing. By default tests retry at once (they move their clocks, or freeze them) and look
   * for due mail often; fault tests pass {} for the real timing.
   */
  mailTiming?: Partial<OutboxTiming>;
}

/** Starts the real server over real HTTP on a free port, on its own throwaway database. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { env = {}, now, shared, clientDir, logger } = options;
  const testDatabase = shared ?? (await createTestDatabase());
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: testDatabase.dataDir,
    DATABASE_URL: testDatabase.url,
    ...env,
  });
  const server = await startServer(config, logger ?? createLogger(config), {
    now,
    mailTiming: options.mailTiming ?? { backoffMs: () => 0, pollMs: 50 },
    clientDir,
  });
  return {
    ...server,
    config,
    testDatabase,
    stop: async () => {
      await server.close();
      if (!shared) await testDatabase.drop();
    },
  };
}
