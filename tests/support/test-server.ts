import { loadConfig, type AppConfig } from '../../src/server/config';
import { createLogger, type Logger } from '../../src/server/logger';
import { startServer, type RunningServer } from '../../src/server/server';
import { freePort } from './free-port';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestServer extends RunningServer {
  config: AppConfig;
  testDatabase: TestDatabase;
  /** Stops the server and drops its database. */
  stop(): Promise<void>;
}

/** Starts the real server over real HTTP on a free port, on its own throwaway database. */
export async function startTestServer(
  env: Record<string, string> = {},
  now?: () => Date,
  /** Share another server's database (a second instance); it is then dropped by its owner only. */
  shared?: TestDatabase,
  /** A built client folder to serve the SPA from; without one the server answers the API only. */
  clientDir?: string,
  /** The app's logger; by default one at LOG_LEVEL (silent unless `env` says otherwise). */
  logger?: Logger,
): Promise<TestServer> {
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
    reminderBackoffMs: () => 10,
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
