import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import type { AccountEmails } from './accounts/account-emails';
import { accountRoutes } from './accounts/account-routes';
import type { AdminGrants } from './accounts/admin-grants';
import { CLIENT_IP_HEADER, type Auth } from './auth';
import { backupRoutes } from './backups/backup-routes';
import type { BackupSchedule } from './backups/backup-schedule';
import type { AppConfig } from './config';
import type { AppDatabase } from './db/database';
import type { DatabaseHealth } from './db/database-health';
import type { RateCounters } from './db/rate-counters';
import type { Actor, AppEnv } from './http/app-env';
import type { ChangeFeed } from './change-feed/change-feed';
import type { LiveSettings } from './settings/live-settings';
import type { BookedCache } from './reservations/booked-cache';
import { settingsRoutes } from './settings/settings-routes';
import { reservationRoutes } from './reservations/reservation-routes';
import { serviceRoutes } from './service/service-routes';
import { activityRoutes } from './activity/activity-routes';
import { blockRoutes } from './blocks/block-routes';
import { clientIp } from './http/client-ip';
import { AppError, errorBody } from './http/errors';
import type { OriginPolicy } from './http/origins';
import { refuseNulInUrl } from './http/refuse-nul';
import { requestBodies } from './http/request-body';
import { sameOriginOnly } from './http/same-origin';
import { noStore, securityHeaders } from './http/security-headers';
import { createSessionLookup } from './http/session-lookup';
import { mountClient, publicConfig } from './http/spa';
import type { Logger } from './logger';
import { mailRoutes } from './mail/mail-routes';
import { createBookingsInFlight } from './reservations/bookings-in-flight';
import { reservationLookups } from './reservations/reservation-store';
import type { MailOutbox } from './mail/outbox';

export interface AppDeps {
  config: AppConfig;
  database: AppDatabase;
  auth: Auth;
  emails: AccountEmails;
  adminGrants: AdminGrants;
  counters: RateCounters;
  /** Whether the database takes writes: readiness, and 503s instead of 500s while it does not. */
  health: DatabaseHealth;
  outbox: MailOutbox;
  origins: OriginPolicy;
  feed: ChangeFeed;
  /** The owner's settings (tables, hours, closed dates, rules, details), live on every instance. */
  settings: LiveSettings;
  /** What availability reads of a date, kept until the feed says it changed. */
  booked: BookedCache;
  /** Aborted when the server stops, so open event streams end and shutdown is not held up. */
  shutdown: AbortSignal;
  /** The daily SQLite snapshot, whose status the admin sees. */
  backups: BackupSchedule;
  now?: () => Date;
  logger: Logger;
  /** Folder of the built client (dist/client); when absent only the API is served. */
  clientDir?: string;
}

export function createApp(deps: AppDeps) {
  const { config, auth, logger, clientDir } = deps;
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });
  app.use(securityHeaders());
  app.use('/api/*', sameOriginOnly(deps.origins));
  app.use('/api/*', refuseNulInUrl());
  app.use('/api/*', requestBodies());
  // API answers are personal (sessions, reservations): never kept by a browser or proxy cache.
  app.use('/api/*', noStore());

  const sessions = createSessionLookup(auth, deps.adminGrants, deps.database);

  // Better Auth reads the client IP from a header we set ourselves, never the one the client sent.
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, config.trustProxy));
    const response = await auth.handler(new Request(c.req.raw, { headers }));
    // Better Auth answers 500 when its database fails: while writes fail, that is the app's 503.
    if (response.status >= 500 && !(await deps.health.probe())) return unavailable(c);
    return response;
  });

  app.use('/api/*', sessions.lookup);

  app.route('/api', createApiRoutes(deps, sessions.currentActor));
  app.all('/api/*', (c) => c.json(errorBody('Not found', 'not_found'), 404));

  app.onError(async (error, c) => {
    if (error instanceof AppError)
      return c.json(errorBody(error.message, error.code, error.reservations), error.status);
    if (error instanceof ZodError) {
      return c.json(errorBody(error.issues[0]?.message ?? 'Invalid request', 'invalid_request'), 400);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody(error.message || 'Bad request', 'bad_request'), error.status);
    }
    // The database gone (restarting, unreachable, full, read-only): a clear 503, and readiness says so. An
    // error of another kind asks the database once: if writes fail now too, that is the likelier cause.
    if (deps.health.reportFailure(error) || !(await deps.health.probe())) return unavailable(c);
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error');
    return c.json(errorBody('Something went wrong. Please try again.', 'internal'), 500);
  });

  if (clientDir) mountClient(app, config, deps.settings, clientDir);
  return app;
}

export const UNAVAILABLE_MESSAGE = 'The reservation book cannot be reached right now. Please try again in a minute.';

/** The answer while the database cannot take writes: a reason to retry, with when. */
function unavailable(c: Context) {
  c.header('Retry-After', '5');
  return c.json(errorBody(UNAVAILABLE_MESSAGE, 'unavailable'), 503);
}

// The API as one chained Hono router, so the client's typed fetch (hc<ApiRoutes>) follows the server.
function createApiRoutes(
  {
    config,
    database,
    auth,
    emails,
    adminGrants,
    counters,
    health,
    outbox,
    backups,
    feed,
    settings,
    booked,
    shutdown,
    now = () => new Date(),
  }: AppDeps,
  currentActor: (headers: Headers) => Promise<Actor | null>,
) {
  return (
    new Hono<AppEnv>()
      // Liveness: the process answers. Readiness (and /health, as before): the database takes writes, as the
      // last probe or request found (db/database-health.ts); the body names what fails.
      .get('/health/live', (c) => c.json({ status: 'ok' as const }, 200))
      .get('/health/ready', (c) => readiness(c, health, database.dialect))
      .get('/health', (c) => readiness(c, health, database.dialect))
      // What index.html carries (the restaurant's public details and calendar), for a page or tool that asks.
      .get('/public-config', (c) => c.json(publicConfig(config, settings.current())))
      .get('/session', (c) => {
        const session = c.get('session');
        c.header('Cache-Control', 'no-store');
        if (!session) return c.json({ user: null });
        const { user } = session;
        return c.json({
          user: {
            email: user.email,
            name: user.name,
            emailVerified: user.emailVerified,
            image: user.image ?? null,
            isAdmin: c.get('actor')?.role === 'admin',
          },
        });
      })
      .route(
        '/account',
        accountRoutes({ auth, database, emails, adminGrants, freshSessionSeconds: config.freshSessionSeconds }),
      )
      .route(
        '/',
        reservationRoutes({
          db: database.db,
          config,
          feed,
          settings,
          booked,
          inFlight: createBookingsInFlight(),
          reservationById: reservationLookups(database.db, database.dialect),
          now,
          shutdown,
          counters,
          currentActor,
        }),
      )
      .route('/', serviceRoutes({ db: database.db, config, feed, settings, now }))
      .route('/', activityRoutes({ db: database.db }))
      .route('/', blockRoutes({ db: database.db, config, feed, settings, now }))
      .route('/settings', settingsRoutes({ db: database.db, config, settings, now }))
      .route('/', mailRoutes({ outbox }))
      .route('/backups', backupRoutes({ backups }))
  );
}

export type ApiRoutes = ReturnType<typeof createApiRoutes>;

function readiness(c: Context, health: DatabaseHealth, dialect: AppDatabase['dialect']) {
  const { ok, since, reason } = health.state();
  if (ok) return c.json({ status: 'ok' as const, database: dialect }, 200);
  return c.json(
    { status: 'unavailable' as const, database: dialect, failing: 'database', reason, since: since.toISOString() },
    503,
  );
}
