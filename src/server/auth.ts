import { betterAuth } from 'better-auth';
import type { AppConfig } from './config';
import type { AppDatabase } from './db/database';

/** Header the server sets from the TCP peer (or a trusted proxy) before Better Auth reads it; see clientIp(). */
export const CLIENT_IP_HEADER = 'x-client-ip';

export function createAuth(config: AppConfig, database: AppDatabase) {
  const trustedOrigins = [config.publicUrl];
  // In development the browser talks to Vite's server, which proxies /api here.
  if (config.env === 'development') trustedOrigins.push('http://localhost:5173');

  return betterAuth({
    appName: config.restaurant.name,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: { db: database.db, type: database.dialect },
    trustedOrigins,
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128 },
    socialProviders: config.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret } }
      : {},
    rateLimit: { enabled: true, storage: 'database' },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
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
