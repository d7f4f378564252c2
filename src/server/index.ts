import { networkInterfaces } from 'node:os';
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
  const open = config.publicUrlConfigured ? config.publicUrl : server.url;
  logger.info(
    { url: open, database: config.database.dialect },
    `${server.settings.current().details.name} reservations: open ${open}`,
  );
  if (!config.publicUrlConfigured) {
    // Without PUBLIC_URL the app answers at any address it is reached by (a tablet on the restaurant's network
    // too); email links need one address, so they use the default until PUBLIC_URL names the one guests use.
    const port = new URL(server.url).port;
    const addresses = listensEverywhere(config.host) ? networkAddresses().map((ip) => `http://${ip}:${port}`) : [];
    logger.info(
      { addresses, emailLinks: config.publicUrl },
      `PUBLIC_URL is not set: links in emails point to ${config.publicUrl}; set PUBLIC_URL to the address guests use`,
    );
  }

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
  // Every fault we expect is handled where it happens (a database, mail server or disk failing); a promise
  // nobody awaited that fails anyway is logged, and the server keeps answering.
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

const listensEverywhere = (host: string) => host === '0.0.0.0' || host === '::';

/** This machine's IPv4 addresses on its networks (not loopback): where a tablet in the restaurant can reach it. */
function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((info) => info && info.family === 'IPv4' && !info.internal)
    .map((info) => info!.address);
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
