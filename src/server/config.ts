import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { restaurantConfigSchema, type RestaurantConfig } from '../booking/restaurant-config';

// The only module that reads process.env. Everything is validated once at start; a bad value
// becomes a ConfigError whose message is one line naming the variable (index.ts prints it and exits 1).

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

// 0 asks the system for a free port (used by the tests).
const PORT_RULE = 'must be a whole number between 0 and 65535';
const port = z.coerce.number({ error: PORT_RULE }).int(PORT_RULE).min(0, PORT_RULE).max(65535, PORT_RULE);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: port.default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://sushi.example.com' }).optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText,
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: optionalText.pipe(z.email('must be an email address').optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: optionalText,
  MAIL_OUTBOX_DIR: optionalText,
  RESTAURANT_NAME: z.string().trim().min(1).default('Umi Sushi'),
  RESTAURANT_PHONE: z
    .string()
    .trim()
    .regex(/^[0-9+() .-]{7,20}$/, 'must be a phone number such as (555) 010-0199')
    .default('(555) 010-0199'),
  RESTAURANT_TIMEZONE: z
    .string()
    .trim()
    .refine(isKnownTimeZone, 'must be an IANA time zone such as America/Los_Angeles')
    .default('America/Los_Angeles'),
  RESTAURANT_CONFIG: z.string().trim().min(1).default('config/restaurant.json'),
  AUTH_FRESH_SESSION_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(0, 'must be a whole number of minutes')
    .max(1440, 'must be at most 1440 (a day)')
    .default(5),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
});

export type DatabaseTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseTarget;
  authSecret: string;
  /** How long after signing in a password change needs no re-authentication. */
  freshSessionSeconds: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  google: { clientId: string; clientSecret: string } | undefined;
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  /** When true, the client IP is taken from X-Forwarded-For (set only behind your own reverse proxy). */
  trustProxy: boolean;
  restaurant: {
    name: string;
    phone: string;
    timeZone: string;
  } & RestaurantConfig;
}

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function parseDatabaseUrl(raw: string | undefined, dataDir: string): DatabaseTarget {
  if (raw === undefined) return { dialect: 'sqlite', file: resolve(dataDir, 'reservations.db') };
  if (/^postgres(ql)?:\/\//.test(raw)) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError('DATABASE_URL: is not a valid postgres:// URL');
    }
    return { dialect: 'postgres', url: raw };
  }
  if (raw.startsWith('file:')) return { dialect: 'sqlite', file: resolve(raw.slice('file:'.length)) };
  throw new ConfigError(
    `DATABASE_URL: must start with postgres:// (PostgreSQL) or file: (SQLite file), got "${raw.split(':')[0]}:..."`,
  );
}

function readRestaurantConfig(path: string): RestaurantConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`RESTAURANT_CONFIG: cannot read ${path} (${code})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`RESTAURANT_CONFIG: ${path} is not valid JSON (${(error as Error).message})`);
  }
  const result = restaurantConfigSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'file';
    throw new ConfigError(`RESTAURANT_CONFIG: ${path}: ${where} ${issue?.message ?? 'is invalid'}`);
  }
  return result.data;
}

// A secret generated once and kept beside the database, so sessions survive restarts without setup.
function readOrCreateAuthSecret(dataDir: string): string {
  const file = resolve(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = env[name] === undefined ? '' : ` (got "${env[name]}")`;
    throw new ConfigError(`${name}: ${issue?.message ?? 'is invalid'}${got}`);
  }
  const vars = parsed.data;

  if (Boolean(vars.GOOGLE_CLIENT_ID) !== Boolean(vars.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  if (vars.ADMIN_PASSWORD && !vars.ADMIN_EMAIL) {
    throw new ConfigError('ADMIN_EMAIL: must be set when ADMIN_PASSWORD is set');
  }
  if (vars.NODE_ENV === 'production' && !vars.AUTH_SECRET) {
    throw new ConfigError('AUTH_SECRET: is required when NODE_ENV=production (at least 32 random characters)');
  }

  const dataDir = resolve(vars.DATA_DIR);
  const database = parseDatabaseUrl(vars.DATABASE_URL, dataDir);
  const restaurantFile = readRestaurantConfig(resolve(vars.RESTAURANT_CONFIG));
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');

  return {
    env: vars.NODE_ENV,
    logLevel: vars.LOG_LEVEL,
    port: vars.PORT,
    host: vars.HOST,
    publicUrl,
    dataDir,
    database,
    authSecret: vars.AUTH_SECRET ?? readOrCreateAuthSecret(dataDir),
    freshSessionSeconds: vars.AUTH_FRESH_SESSION_MINUTES * 60,
    adminEmail: vars.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: vars.ADMIN_PASSWORD,
    google:
      vars.GOOGLE_CLIENT_ID && vars.GOOGLE_CLIENT_SECRET
        ? { clientId: vars.GOOGLE_CLIENT_ID, clientSecret: vars.GOOGLE_CLIENT_SECRET }
        : undefined,
    mail: {
      smtpUrl: vars.SMTP_URL,
      from: vars.MAIL_FROM ?? `${vars.RESTAURANT_NAME} <reservations@localhost>`,
      outboxDir: resolve(vars.MAIL_OUTBOX_DIR ?? resolve(dataDir, 'outbox')),
    },
    trustProxy: vars.TRUST_PROXY,
    restaurant: {
      name: vars.RESTAURANT_NAME,
      phone: vars.RESTAURANT_PHONE,
      timeZone: vars.RESTAURANT_TIMEZONE,
      ...restaurantFile,
    },
  };
}
