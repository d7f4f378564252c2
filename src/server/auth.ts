import { betterAuth } from 'better-auth';
import type { AccountEmails } from './accounts/account-emails';
import type { AppConfig } from './config';
import type { AppDatabase } from './db/database';
import type { Logger } from './logger';

/** Header the server sets from the TCP peer (or a trusted proxy) before Better Auth reads it; see clientIp(). */
export const CLIENT_IP_HEADER = 'x-client-ip';

/** The origins the browser app is served from; state-changing requests from anywhere else are refused. */
export function trustedOrigins(config: AppConfig): string[] {
  // In development the browser talks to Vite's server, which proxies /api here.
  return config.env === 'development' ? [config.publicUrl, 'http://localhost:5173'] : [config.publicUrl];
}

export function createAuth(config: AppConfig, database: AppDatabase, emails: AccountEmails, logger: Logger) {
  const authLogger = logger.child({ component: 'better-auth' });
  return betterAuth({
    appName: config.restaurant.name,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: { db: database.db, type: database.dialect },
    trustedOrigins: trustedOrigins(config),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Guests may book before they verify (issue 3); the admin rule alone requires a verified address.
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => {
        emails.sendPasswordReset(user.email, token);
        return Promise.resolve();
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 3 * 24 * 60 * 60,
      sendVerificationEmail: ({ user, token }) => emails.sendVerification(user, token),
    },
    user: { changeEmail: { enabled: true } },
    // A password change without the current password is allowed only this soon after signing in.
    session: { freshAge: config.freshSessionSeconds },
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            prompt: 'select_account',
          },
        }
      : {},
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 5 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 3 },
        '/send-verification-email': { window: 60, max: 3 },
        '/change-password': { window: 60, max: 5 },
        '/change-email': { window: 60, max: 3 },
      },
    },
    advanced: {
      // Better Auth skips its origin and redirect-target checks whenever NODE_ENV is 'test'; keep them on
      // always, so the tests prove what production does (an off-site callbackURL is refused).
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    telemetry: { enabled: false },
    // Better Auth's own lines (a refused callback URL, a wrong password) go through the app's logger: the same
    // JSON lines as the rest in production, and LOG_LEVEL decides what is written. Not 'debug' (nor 'warn' or
    // 'error'): at those levels Better Auth also prints every refused request to the console, past this logger.
    logger: {
      level: 'info',
      log: (level, message, ...details: unknown[]) => {
        const error = details.find((detail) => detail instanceof Error);
        authLogger[level]({ ...(error ? { err: error } : {}), ...(details.length ? { details } : {}) }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null;
}

/**
 * The one rule for admin rights (DESIGN.md): the account whose email equals ADMIN_EMAIL and is verified.
 * An unverified sign-up with the admin's address gets nothing.
 */
export function isAdmin(
  user: Pick<SessionUser, 'email' | 'emailVerified'> | null | undefined,
  adminEmail: string | undefined,
): boolean {
  if (!user || !adminEmail) return false;
  return user.emailVerified && user.email.toLowerCase() === adminEmail;
}
