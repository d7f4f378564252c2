import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { DatabaseUnavailableError, startServer } from './server';

// Entry point of `npm start` (bundled to dist/server/index.js) and `npm run dev` (through tsx).
// A configuration mistake prints one line naming the variable and exits 1, without a stack trace.

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  // The bundle lives in dist/server, the built client beside it in dist/client. Under tsx (dev) there is
  // no built client there and Vite serves the pages instead.
  const clientDir = fileURLToPath(new URL('../client', import.meta.url));
  const server = await startServer(config, logger, { clientDir });
  logger.info(
    { url: server.url, database: config.database.dialect },
    `${config.restaurant.name} reservations listening`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests');
    const force = setTimeout(() => {
      logger.warn('shutdown grace period over, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) {
    console.error(`Configuration error: ${error.message}`);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Configuration error: PORT: ${(error as Error).message}`);
  } else {
    console.error('Start-up failed:', error);
  }
  process.exit(1);
});
