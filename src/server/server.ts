import { createAdaptorServer, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createAccountEmails } from './accounts/account-emails';
import { createAdminGrants } from './accounts/admin-grants';
import { ensureAdminAccount } from './accounts/ensure-admin';
import { turnAuthStoresOffWhenIdle } from './accounts/auth-stores-off-when-idle';
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
 * next attempts, and each dropped guest waited a second or more for the phone to try again
 * (tests/integration/connection-burst.test.ts). The kernel caps it at net.core.somaxconn (4096 on current Linux).
 */
const LISTEN_BACKLOG = 4096;

export async function prepareDatabase(config: AppConfig, logger: Logger): Promise<AppDatabase> {
  const database = openDatabase(config.database, logger);
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
  const core = await startCore({ config, logger, database, now, mailTiming: options.mailTiming });
  const accounts = await startAccounts({ config, logger, database, now, core });
  const jobs = startJobs({ config, logger, database, now, core });
  const shutdown = new AbortController();
  const app = createApp({
    config,
    database,
    ...accounts,
    counters: core.counters,
    health: core.health,
    outbox: core.outbox,
    feed: core.feed,
    settings: core.settings,
    booked: core.booked,
    shutdown: shutdown.signal,
    backups: jobs.backups,
    now: options.now,
    logger,
    clientDir: options.clientDir,
  });
  const server = await listen(app.fetch, config);
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;

  return {
    url: `http://${host}:${port}`,
    database,
    ...jobs,
    outbox: core.outbox,
    settings: core.settings,
    close: async () => {
      shutdown.abort();
      core.settings.stop();
      core.booked.stop();
      core.health.stop();
      jobs.retention.stop();
      await jobs.reminders.stop();
      await core.outbox.stop();
      await jobs.backups.stop();
      await closeConnections(server);
      await core.feed.close();
      await database.close();
      inUse.release();
    },
  };
}

/** What every request and job works with: the change feed, the owner's settings, the book's copy, mail, counters. */
async function startCore(deps: {
  config: AppConfig;
  logger: Logger;
  database: AppDatabase;
  now: () => Date;
  mailTiming: Partial<OutboxTiming> | undefined;
}) {
  const { config, logger, database, now } = deps;
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
  const restaurant = () => settings.current().details;
  const outbox = createMailOutbox({
    db: database.db,
    mailer: createMailer(config, logger, () => restaurant().name),
    logger,
    now,
    timing: { ...defaultOutboxTiming(config.mail.timeoutMs), ...deps.mailTiming },
  });
  outbox.start();
  const health = createDatabaseHealth({ db: database.db, logger });
  health.start();
  return {
    feed,
    settings,
    restaurant,
    outbox,
    health,
    booked: createBookedCache({ db: database.db, feed }),
    counters: createRateCounters(database),
  };
}

type Core = Awaited<ReturnType<typeof startCore>>;

/** Accounts: Better Auth with the app's emails, the admin grant, the origins writes may come from. */
async function startAccounts(deps: {
  config: AppConfig;
  logger: Logger;
  database: AppDatabase;
  now: () => Date;
  core: Core;
}) {
  const { config, logger, database, now, core } = deps;
  const { counters, outbox } = core;
  const adminGrants = createAdminGrants(database.db, config.adminEmail);
  const origins = createOriginPolicy(config);
  const keys = createAddressKeys(config.authSecret);
  const emails = createAccountEmails({
    config,
    database,
    outbox,
    counters,
    keys,
    logger,
    restaurant: core.restaurant,
    now,
  });
  const personalData = { db: database.db, feed: core.feed, timeZone: config.restaurant.timeZone, now };
  const auth = createAuth(config, database, {
    emails,
    adminGrants,
    counters,
    keys,
    origins,
    logger,
    now,
    removeAccountData: (userId) => removeAccountReservations(personalData, userId),
    forgetAccountAddress: (user) => forgetAccountAddress({ counters, keys, outbox }, user),
  });
  await turnAuthStoresOffWhenIdle();
  await ensureAdminAccount(auth, adminGrants, config, logger);
  return { auth, emails, adminGrants, origins };
}

/** The jobs that run by the clock: the retention of personal data, the morning reminders, the daily backup. */
function startJobs(deps: { config: AppConfig; logger: Logger; database: AppDatabase; now: () => Date; core: Core }) {
  const { config, logger, database, now, core } = deps;
  const retention = createRetentionJob({
    db: database.db,
    feed: core.feed,
    timeZone: config.restaurant.timeZone,
    now,
    logger,
    retentionDays: config.retentionDays,
  });
  retention.start();
  const reminders = createReminderJob({
    db: database.db,
    outbox: core.outbox,
    config,
    restaurant: core.restaurant,
    logger,
    now,
  });
  reminders.start();
  const backups = createBackupSchedule({ config, logger, now });
  backups.start();
  return { retention, reminders, backups };
}

function listen(fetch: (request: Request) => Response | Promise<Response>, config: AppConfig): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const created = createAdaptorServer({ fetch, hostname: config.host });
    created.once('error', reject);
    created.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => resolve(created));
  });
}

/**
 * Stops taking connections and waits for the requests in flight. Keep-alive sockets with no request in flight would
 * hold close() open, and a browser may send one more request on them (an event stream reconnecting): they are
 * closed as they fall idle.
 */
function closeConnections(server: ServerType): Promise<void> {
  return new Promise<void>((resolve) => {
    const sweep = setInterval(() => 'closeIdleConnections' in server && server.closeIdleConnections(), 100);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
}
