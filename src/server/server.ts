import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createAccountEmails } from './accounts/account-emails';
import { ensureAdminAccount } from './accounts/ensure-admin';
import { createApp } from './app';
import { createAuth } from './auth';
import type { AppConfig } from './config';
import { openDatabase, pingDatabase, type AppDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedTablesIfEmpty } from './db/seed';
import type { Logger } from './logger';
import { createMailer } from './mail/mailer';
import { createReminderJob } from './mail/reminder-job';
import { createInProcessFeed } from './reservations/change-feed';
import { createPostgresFeed } from './reservations/postgres-feed';

export interface RunningServer {
  url: string;
  database: AppDatabase;
  reminders: ReturnType<typeof createReminderJob>;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** Thrown when the database named by DATABASE_URL cannot be reached: start-up prints it as one line. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

export async function prepareDatabase(config: AppConfig, logger: Logger): Promise<AppDatabase> {
  const database = openDatabase(config.database);
  try {
    await pingDatabase(database.db);
  } catch (error) {
    await database.close().catch(() => undefined);
    const reason = (error as Error).message.split('\n')[0] || (error as NodeJS.ErrnoException).code || 'unknown error';
    throw new DatabaseUnavailableError(
      `DATABASE_URL: cannot connect to the ${config.database.dialect} database (${reason})`,
    );
  }
  const applied = await migrateToLatest(database.db, database.dialect);
  if (applied.length) logger.info({ applied }, 'database migrated');
  const seeded = await seedTablesIfEmpty(database.db, config.restaurant.tables);
  if (seeded) logger.info({ tables: seeded }, 'tables seeded from the restaurant config');
  return database;
}

export interface StartOptions {
  clientDir?: string | undefined;
  /** The clock the booking rules read; tests fix it. */
  now?: (() => Date) | undefined;
  /** Pause between reminder delivery attempts; tests shorten it. */
  reminderBackoffMs?: ((attempt: number) => number) | undefined;
}

export async function startServer(
  config: AppConfig,
  logger: Logger,
  options: StartOptions = {},
): Promise<RunningServer> {
  const { clientDir } = options;
  const database = await prepareDatabase(config, logger);
  const mailer = createMailer(config, logger);
  const emails = createAccountEmails(config, database, mailer, logger);
  const auth = createAuth(config, database, emails, logger);
  await ensureAdminAccount(auth, config, logger);
  const feed = database.pgPool
    ? await createPostgresFeed(database.pgPool, logger)
    : { ...createInProcessFeed(), close: () => Promise.resolve() };
  const shutdown = new AbortController();
  const reminders = createReminderJob({
    db: database.db,
    mailer,
    config,
    logger,
    now: options.now ?? (() => new Date()),
    ...(options.reminderBackoffMs ? { backoffMs: options.reminderBackoffMs } : {}),
  });
  reminders.start();
  const app = createApp({
    config,
    database,
    auth,
    emails,
    feed,
    shutdown: shutdown.signal,
    now: options.now,
    logger,
    clientDir,
  });

  const server: ServerType = await new Promise((resolve, reject) => {
    const created = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(created));
    created.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;

  return {
    url: `http://${host}:${port}`,
    database,
    reminders,
    close: async () => {
      shutdown.abort();
      await reminders.stop();
      await new Promise<void>((resolve) => {
        // Keep-alive sockets with no request in flight would hold close() open, and a browser may send one
        // more request on them (an event stream reconnecting): keep closing them as they fall idle.
        const sweep = setInterval(() => 'closeIdleConnections' in server && server.closeIdleConnections(), 100);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      await feed.close();
      await database.close();
    },
  };
}
