import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import type { AccountEmails } from './accounts/account-emails';
import { accountRoutes } from './accounts/account-routes';
import { CLIENT_IP_HEADER, isAdmin, trustedOrigins, type Auth, type SessionUser } from './auth';
import type { AppConfig } from './config';
import { pingDatabase, type AppDatabase } from './db/database';
import type { ChangeFeed } from './reservations/change-feed';
import { reservationRoutes } from './reservations/reservation-routes';
import { clientIp } from './http/client-ip';
import { AppError, errorBody } from './http/errors';
import { validProfileUpdate } from './http/profile-update';
import { refuseNulCharacters } from './http/refuse-nul';
import { sameOriginOnly } from './http/same-origin';
import { securityHeaders } from './http/security-headers';
import { createSessionLookup } from './http/session-lookup';
import { mountClient } from './http/spa';
import type { Logger } from './logger';

export interface AppDeps {
  config: AppConfig;
  database: AppDatabase;
  auth: Auth;
  emails: AccountEmails;
  feed: ChangeFeed;
  /** Aborted when the server stops, so open event streams end and shutdown is not held up. */
  shutdown: AbortSignal;
  now?: () => Date;
  logger: Logger;
  /** Folder of the built client (dist/client); when absent only the API is served. */
  clientDir?: string;
}

export interface AppEnv {
  Variables: {
    user: SessionUser | null;
    session: { user: SessionUser; session: { id: string; token: string; createdAt: Date } } | null;
  };
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
  app.use('/api/*', sameOriginOnly(trustedOrigins(config)));
  // No request of ours comes near 64 KB; a larger body is refused before anything reads it.
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) => c.json(errorBody('The request is too large.', 'payload_too_large'), 413),
    }),
  );
  app.use('/api/*', refuseNulCharacters());
  // API answers are personal (sessions, reservations): never kept by a browser or proxy cache.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  const sessions = createSessionLookup(auth);

  // Better Auth's profile update takes any JSON type as a name (and answers 500 to null): checked first.
  app.post('/api/auth/update-user', validProfileUpdate());
  // Better Auth reads the client IP from a header we set ourselves, never the one the client sent.
  app.on(['GET', 'POST'], '/api/auth/*', (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, config.trustProxy));
    return auth.handler(new Request(c.req.raw, { headers }));
  });

  app.use('/api/*', sessions.lookup);

  app.route('/api', createApiRoutes(deps, sessions.current));
  app.all('/api/*', (c) => c.json(errorBody('Not found', 'not_found'), 404));

  app.onError((error, c) => {
    if (error instanceof AppError) return c.json(errorBody(error.message, error.code), error.status);
    if (error instanceof ZodError) {
      return c.json(errorBody(error.issues[0]?.message ?? 'Invalid request', 'invalid_request'), 400);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody(error.message || 'Bad request', 'bad_request'), error.status);
    }
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error');
    return c.json(errorBody('Something went wrong. Please try again.', 'internal'), 500);
  });

  if (clientDir) mountClient(app, config, clientDir);
  return app;
}

// The API as one chained Hono router, so the client's typed fetch (hc<ApiRoutes>) follows the server.
function createApiRoutes(
  { config, database, auth, emails, feed, shutdown, now = () => new Date(), logger }: AppDeps,
  currentSession: (headers: Headers) => Promise<{ user: SessionUser } | null>,
) {
  return new Hono<AppEnv>()
    .get('/health', async (c) => {
      try {
        await pingDatabase(database.db);
        return c.json({ status: 'ok' as const, database: database.dialect }, 200);
      } catch (error) {
        logger.error({ err: error }, 'health check: database unreachable');
        return c.json({ status: 'error' as const, database: database.dialect }, 503);
      }
    })
    .get('/session', (c) => {
      const user = c.get('user');
      c.header('Cache-Control', 'no-store');
      if (!user) return c.json({ user: null });
      return c.json({
        user: {
          email: user.email,
          name: user.name,
          emailVerified: user.emailVerified,
          image: user.image ?? null,
          isAdmin: isAdmin(user, config.adminEmail),
        },
      });
    })
    .route('/account', accountRoutes({ auth, database, emails, freshSessionSeconds: config.freshSessionSeconds }))
    .route('/', reservationRoutes({ db: database.db, config, feed, now, shutdown, currentSession }));
}

export type ApiRoutes = ReturnType<typeof createApiRoutes>;
