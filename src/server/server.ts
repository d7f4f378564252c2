import { createAdaptorServer, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createAccountEmails } from './accounts/account-emails';
import { createAdminSeat } from './accounts/admin-seat';
import { ensureAdminAccount } from './accounts/ensure-admin';
import { createAddressKeys } from './accounts/address-keys';
import { forgetAccountAddress, removeAccountReservations } from './accounts/personal-data';
import { createRetentionJob } from './accounts/retention-job';
import { createApp } from './app';
import { createAuth } from './auth';
import { createBackupSchedule, type BackupSchedule } from './backups/backup-schedule';
import { markDatabaseInUse } from './backups/pid-file';
import type { AppConfig } from './config';
import { openDatabase, pingDatabase, type AppDatabase } from './db/database';
import { createDatabaseHealth } from './db/database-health';
import { migrateToLatest } from './db/migrate';
import { createRateCounters } from './db/rate-counters';
import { createOriginPolicy } from './http/origins';
import { warnAboutOpenFiles } from './private-files';
import type { Logger } from './logger';
import { createMailer } from './mail/mailer';
import { createMailOutbox, defaultOutboxTiming, type MailOutbox, type OutboxTiming } from './mail/outbox';
import { createReminderJob } from './mail/reminder-job';
import { createInProcessFeed } from './change-feed/change-feed';
import { createPostgresFeed } from './change-feed/postgres-feed';
import { createLiveSettings, type LiveSettings } from './settings/live-settings';
import { createBookedCache } from './reservations/booked-cache';
import { ignoredVariables, seedOwnerSettings } from './settings/seed-settings';

export interface RunningServer {
  url: string;
  database: AppDatabase;
  reminders: ReturnType<typeof createReminderJob>;
  retention: ReturnType<typeof createRetentionJob>;
  outbox: MailOutbox;
  backups: BackupSchedule;
  /** The owner's settings, as this instance has them. */
  settings: LiveSettings;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** Thrown when the database named by DATABASE_URL cannot be reached: start-up prints it as one line. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/**
 * How many new connections the kernel may hold for the app while its one thread is busy. On a release night every
 * guest's phone connects within the same two seconds; Node's default (511) overflowed, the kernel dropped the
 * next attempts, and each dropped guest waited a second or more for the phone to try again (issue 18;
 * tests/integration/connection-burst.test.ts). The kernel caps it at net.core.somaxconn (4096 on current Linux).
 */
const LISTEN_BACKLOG = 4096;

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
  const seeded = await seedOwnerSettings(database.db, config.firstStartDefaults, new Date());
  if (seeded.tables) logger.info({ tables: seeded.tables }, 'tables seeded from the restaurant config');
  if (seeded.settings) logger.info('owner settings written from the restaurant config and environment (first start)');
  return database;
}

export interface StartOptions {
  clientDir?: string | undefined;
  /** The clock the booking rules read; tests fix it. */
  now?: (() => Date) | undefined;
  /** The outbox's lease, backoff and polling; tests shorten them. */
  mailTiming?: Partial<OutboxTiming> | undefined;
}

export async function startServer(
  config: AppConfig,
  logger: Logger,
  options: StartOptions = {},
): Promise<RunningServer> {
  const { clientDir } = options;
  const database = await prepareDatabase(config, logger);
  warnAboutOpenFiles(
    {
      dataDir: config.dataDir,
      outboxDir: config.mail.outboxDir,
      databaseFile: config.database.dialect === 'sqlite' ? config.database.file : undefined,
      authSecretFile: config.authSecretFile,
    },
    logger,
  );
  // Until close(), `npm run restore` refuses to replace this database.
  const inUse = markDatabaseInUse(config.database);
  const now = options.now ?? (() => new Date());
  const feed = database.pgPool
    ? await createPostgresFeed(database.pgPool, logger)
    : { ...createInProcessFeed(), close: () => Promise.resolve() };
  const settings = await createLiveSettings({ db: database.db, dialect: database.dialect, feed, logger, now });
  for (const { variable, value, setting } of ignoredVariables(
    settings.current(),
    config.firstStartDefaults.fromEnvironment,
  )) {
    logger.warn(
      { variable, value, setting },
      `${variable} is ignored: it set the owner's settings on the first start only, and they now say ${JSON.stringify(setting)} (change it in Admin, Settings)`,
    );
  }
  const booked = createBookedCache({ db: database.db, feed });
  const restaurant = () => settings.current().details;
  const mailer = createMailer(config, logger, () => restaurant().name);
  const outbox = createMailOutbox({
    db: database.db,
    mailer,
    logger,
    now,
    timing: { ...defaultOutboxTiming(config.mail.timeoutMs), ...options.mailTiming },
  });
  outbox.start();
  const counters = createRateCounters(database.db);
  const health = createDatabaseHealth({ db: database.db, logger });
  health.start();
  const seat = createAdminSeat(database.db, config.adminEmail);
  const origins = createOriginPolicy(config);
  const keys = createAddressKeys(config.authSecret);
  const emails = createAccountEmails({ config, database, outbox, counters, keys, logger, restaurant, now });
  const personalData = { db: database.db, feed, timeZone: config.restaurant.timeZone, now };
  const auth = createAuth(config, database, {
    emails,
    seat,
    counters,
    keys,
    origins,
    logger,
    now,
    removeAccountData: (userId) => removeAccountReservations(personalData, userId),
    forgetAccountAddress: (user) => forgetAccountAddress({ counters, keys, outbox }, user),
  });
  await ensureAdminAccount(auth, seat, config, logger);
  const retention = createRetentionJob({ ...personalData, logger, retentionDays: config.retentionDays });
  retention.start();
  const shutdown = new AbortController();
  const reminders = createReminderJob({ db: database.db, outbox, config, restaurant, logger, now });
  reminders.start();
  const backups = createBackupSchedule({ config, logger, now });
  backups.start();
  const app = createApp({
    config,
    database,
    auth,
    emails,
    seat,
    counters,
    health,
    outbox,
    origins,
    feed,
    settings,
    booked,
    shutdown: shutdown.signal,
    backups,
    now: options.now,
    logger,
    clientDir,
  });

  const server: ServerType = await new Promise((resolve, reject) => {
    const created = createAdaptorServer({ fetch: app.fetch, hostname: config.host });
    created.once('error', reject);
    created.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => resolve(created));
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;

  return {
    url: `http://${host}:${port}`,
    database,
    reminders,
    retention,
    outbox,
    backups,
    settings,
    close: async () => {
      shutdown.abort();
      settings.stop();
      booked.stop();
      health.stop();
      retention.stop();
      await reminders.stop();
      await outbox.stop();
      await backups.stop();
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
      inUse.release();
    },
  };
}
