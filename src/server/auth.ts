import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { APIError, getIP } from 'better-auth/api';
import type { AccountEmails } from './accounts/account-emails';
import type { AddressKeys } from './accounts/address-keys';
import type { AdminGrants } from './accounts/admin-grants';
import { createAuthHooks } from './accounts/auth-hooks';
import { MIN_SECRET_LENGTH, type AppConfig } from './config';
import type { AppDatabase } from './db/database';
import { isDatabaseUnavailable } from './db/database-health';
import type { RateCounters } from './db/rate-counters';
import type { OriginPolicy } from './http/origins';
import type { Logger } from './logger';

export type { SessionUser } from './http/app-env';

/** Header the server sets from the TCP peer (or a trusted proxy) before Better Auth reads it; see clientIp(). */
export const CLIENT_IP_HEADER = 'x-client-ip';
/** Better Auth reads the client address from that header alone, never from one a client sent. */
const ipAddress = { ipAddressHeaders: [CLIENT_IP_HEADER] };

/**
 * The client address of a request to Better Auth as its own rate limits key it (an IPv6 address by its /64), for
 * the app's counters to key the same way; 'the app' for the app's own calls, which come with no request.
 */
export function clientAddressOf(request: Request | Headers | undefined): string {
  return (request && getIP(request, { advanced: { ipAddress } })) || 'the app';
}

/**
 * A per-client-address rule for Better Auth's limiter (0: no limit). It counts a run of requests that come less
 * than `window` seconds apart: `max` of them, then the address waits until `window` seconds after the last one.
 */
const perAddress = (max: number, window: number) => (max > 0 ? { window, max } : (false as const));

interface AuthDeps {
  emails: AccountEmails;
  /** Before an account is deleted: its reservations cancelled or anonymised (accounts/personal-data.ts). */
  removeAccountData: (userId: string) => Promise<unknown>;
  /** Once an account is deleted: its address forgotten by the counters and the mail outbox (personal-data.ts too). */
  forgetAccountAddress: (user: { email: string; emailVerified: boolean }) => Promise<unknown>;
  adminGrants: AdminGrants;
  counters: RateCounters;
  keys: AddressKeys;
  origins: OriginPolicy;
  logger: Logger;
  /** The clock the sign-in back-off reads. */
  now: () => Date;
}

export function createAuth(config: AppConfig, database: AppDatabase, deps: AuthDeps) {
  const { emails, adminGrants, counters, keys, origins, logger, now, removeAccountData, forgetAccountAddress } = deps;
  // Better Auth signs with a public default when given no secret: never let that happen, whatever the caller.
  if (config.authSecret.length < MIN_SECRET_LENGTH) throw new Error('the auth secret is missing or too short');
  const hooks = createAuthHooks({ counters, keys, emails, limits: config.fairUse, logger, now, clientAddressOf });

  /**
   * A password chosen through a reset link proves the mailbox: the address is verified, every wait after wrong
   * passwords ends, and for the admin address admin rights are granted (accounts/admin-grants.ts).
   */
  const afterPasswordReset = async (user: { id: string; email: string; emailVerified: boolean }) => {
    await hooks.forgiveFailedSignIns(user.email);
    if (!user.emailVerified) {
      const context = await auth.$context;
      await context.internalAdapter.updateUser(user.id, { emailVerified: true });
    }
    if (adminGrants.isAdminAddress(user.email)) {
      await adminGrants.grant(user.id);
      logger.warn({ email: user.email }, 'admin password set through the admin mailbox: admin rights granted');
    }
  };

  const auth = betterAuth({
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: { db: database.db, type: database.dialect },
    // The same rule as every other write (http/origins.ts): PUBLIC_URL, or the host the request reached.
    trustedOrigins: (request) => origins.trustedFor(request?.headers.get('host')),
    // Addresses are verified only through the app's own single-use links (/firebase-action), never by
    // Better Auth's reusable token at its own endpoint.
    disabledPaths: ['/verify-email'],
    hooks: { before: hooks.before, after: hooks.after },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Guests may book before they verify; the admin rule alone requires a verified address.
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }, request) =>
        emails.sendPasswordReset(user.email, token, clientAddressOf(request)),
      onPasswordReset: ({ user }) => afterPasswordReset(user),
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 3 * 24 * 60 * 60,
      sendVerificationEmail: ({ user, token }) => emails.sendVerification(user, token),
    },
    user: {
      changeEmail: { enabled: true },
      // The privacy policy's "user rights": Settings offers Delete account, with the password asked again
      // (accounts/auth-hooks.ts). The admin's account holds the book and cannot delete itself.
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          if (await adminGrants.isGranted(user.id)) {
            throw new APIError('FORBIDDEN', { message: 'The admin account cannot be deleted.', code: 'ADMIN_ACCOUNT' });
          }
          await removeAccountData(user.id);
        },
        afterDelete: async (user) => {
          await forgetAccountAddress(user);
        },
      },
    },
    // A password change without the current password is allowed only this soon after signing in.
    session: { freshAge: config.freshSessionSeconds },
    socialProviders: googleSignIn(config),
    rateLimit: rateLimits(config),
    advanced: advancedOptions(config),
    telemetry: { enabled: false },
    logger: betterAuthLogger(logger),
  });
  return auth;
}

/** Google sign-in, when its client id and secret are set (the button shows only then). */
function googleSignIn(config: AppConfig) {
  if (!config.google) return {};
  const { clientId, clientSecret } = config.google;
  return { google: { clientId, clientSecret, prompt: 'select_account' as const } };
}

/**
 * Better Auth's limits per client address, sized for a restaurant's shared Wi-Fi, where a seating's guests sign up
 * and sign in within minutes of each other (README, "Security"): an account's own back-off after wrong passwords
 * is in accounts/auth-hooks.ts, and what one inbox gets in accounts/account-emails.ts.
 */
function rateLimits(config: AppConfig): BetterAuthOptions['rateLimit'] {
  return {
    enabled: true,
    storage: 'database',
    window: 60,
    max: 100,
    customRules: {
      '/sign-in/email': perAddress(config.fairUse.signInsPerAddressPerMinute, 60),
      '/sign-up/email': perAddress(config.fairUse.signUpsPerAddressPer10Minutes, 600),
      '/request-password-reset': { window: 600, max: 10 },
      '/send-verification-email': { window: 600, max: 10 },
      '/change-password': { window: 60, max: 5 },
      '/change-email': { window: 60, max: 3 },
    },
  };
}

function advancedOptions(config: AppConfig): BetterAuthOptions['advanced'] {
  return {
    // Better Auth skips its origin and redirect-target checks whenever NODE_ENV is 'test'; keep them on always, so
    // the tests prove what production does (an off-site callbackURL is refused).
    disableOriginCheck: false,
    useSecureCookies: config.publicUrl.startsWith('https://'),
    ipAddress,
    defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
  };
}

/**
 * Better Auth's own lines (a refused callback URL, a wrong password) go through the app's logger: the same JSON
 * lines as the rest in production, and LOG_LEVEL decides what is written. Not 'debug' (nor 'warn' or 'error'): at
 * those levels Better Auth also prints every refused request to the console, past this logger.
 */
function betterAuthLogger(logger: Logger): BetterAuthOptions['logger'] {
  const authLogger = logger.child({ component: 'better-auth' });
  return {
    level: 'info',
    log: (level: 'info' | 'success' | 'warn' | 'error' | 'debug', message: string, ...details: unknown[]) => {
      // A database that is down is one expected fault, logged once by db/database-health.ts, not per request.
      if (details.some(isDatabaseUnavailable)) return;
      const error = details.find((detail) => detail instanceof Error);
      const method = level === 'success' ? 'info' : level;
      authLogger[method]({ ...(error ? { err: error } : {}), ...(details.length ? { details } : {}) }, message);
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;
