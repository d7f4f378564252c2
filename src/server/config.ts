import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { GUEST_DAYS_AHEAD } from '../booking/booking-window';
import { restaurantConfigSchema, type RestaurantConfig } from '../booking/restaurant-config';
import {
  uniformHours,
  type BookingRules,
  type RestaurantDetails,
  type Table,
  type WeeklyHours,
} from '../booking/restaurant-settings';
import { makePrivateFolder, PRIVATE_FILE } from './private-files';

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

/** Sessions and email links are signed with the auth secret; shorter ones can be guessed. */
export const MIN_SECRET_LENGTH = 32;

// 0 asks the system for a free port (used by the tests).
const PORT_RULE = 'must be a whole number between 0 and 65535';
const port = z.coerce.number({ error: PORT_RULE }).int(PORT_RULE).min(0, PORT_RULE).max(65535, PORT_RULE);

// A fair-use limit: a whole number, 0 meaning no limit.
const LIMIT_RULE = 'must be a whole number (0 for no limit)';
const limit = (fallback: number) =>
  z.coerce
    .number({ error: LIMIT_RULE })
    .int(LIMIT_RULE)
    .min(0, LIMIT_RULE)
    .max(1_000_000, LIMIT_RULE)
    .default(fallback);
const wholeNumber = (min: number, max: number, rule: string) =>
  z.coerce.number({ error: rule }).int(rule).min(min, rule).max(max, rule);

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
  AUTH_SECRET: optionalText.pipe(
    z.string().min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`).optional(),
  ),
  ADMIN_EMAIL: optionalText.pipe(z.email('must be an email address').optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: optionalText,
  SMTP_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be between 1 and 120')
    .max(120, 'must be between 1 and 120')
    .default(10),
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
  RESERVATION_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(30, 'must be at least 30 days')
    .max(36500, 'must be at most 36500 days')
    .default(730),
  AUTH_FRESH_SESSION_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(0, 'must be a whole number of minutes')
    .max(1440, 'must be at most 1440 (a day)')
    .default(5),
  // Fair use (README, "Security"): what one guest, one client address or one inbox can take.
  BOOKING_ALLOW_OVERLAP: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  BOOKING_MAX_UPCOMING: limit(4),
  BOOKING_MAX_PER_DATE: limit(1),
  BOOKING_RATE_PER_ACCOUNT: limit(10),
  BOOKING_RATE_PER_ADDRESS: limit(60),
  ACCOUNT_EMAILS_PER_HOUR: limit(5),
  SIGN_IN_RATE_PER_ADDRESS: limit(60),
  SIGN_UP_RATE_PER_ADDRESS: limit(60),
  SIGN_IN_FAILURES_BEFORE_BACKOFF: limit(5),
  /** The Vite dev server's origin, trusted for writes; set by `npm run dev` only. */
  DEV_CLIENT_ORIGIN: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  BACKUP_DIR: optionalText,
  BACKUP_HOUR: wholeNumber(0, 23, 'must be a whole hour from 0 to 23').default(4),
  BACKUP_KEEP: wholeNumber(1, 1000, 'must be a whole number from 1 to 1000').default(7),
});

/**
 * What one guest, client address or inbox can send (0: no limit). Guests only: the admin is exempt. What one
 * account may hold (overlaps, per date, upcoming) is a booking rule in the owner's settings instead.
 */
export interface FairUseLimits {
  /** Bookings one account may send in BOOKING_RATE_WINDOW_MS, refused ones included. */
  bookingsPerAccount: number;
  /** Bookings made from one network (an IPv4 address, an IPv6 /64) in BOOKING_RATE_WINDOW_MS; refusals not counted. */
  bookingsPerAddress: number;
  /** Account emails of one kind (verification, email change) one inbox gets in an hour; resets get twice as many. */
  accountEmailsPerHour: number;
  /** Sign-in attempts from one client address in a minute (a shared Wi-Fi needs room). */
  signInsPerAddressPerMinute: number;
  /** Sign-ups from one client address in 10 minutes (a seating's guests on one Wi-Fi). */
  signUpsPerAddressPer10Minutes: number;
  /** Wrong passwords for one account before each further try must wait (1, 2, 4 ... 30 minutes). */
  signInFailuresBeforeBackoff: number;
}

export type DatabaseTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

/**
 * What the owner's settings start from on the first start (an empty book), from config/restaurant.json and the
 * RESTAURANT_* and BOOKING_* variables. After that the database is the truth (docs/decisions/0010-owner-settings.md).
 */
export interface FirstStartDefaults {
  details: RestaurantDetails;
  hours: WeeklyHours;
  rules: BookingRules;
  closedDates: string[];
  tables: Table[];
  /** The variables that were set, by name, with the setting each one seeds: start-up says when the settings differ. */
  fromEnvironment: Partial<Record<SeededVariable, string | number | boolean>>;
}

/** The variables that only seed a setting. */
export type SeededVariable =
  'RESTAURANT_NAME' | 'RESTAURANT_PHONE' | 'BOOKING_ALLOW_OVERLAP' | 'BOOKING_MAX_UPCOMING' | 'BOOKING_MAX_PER_DATE';

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseTarget;
  /** Signs sessions and email links ('' when loaded without it, see LoadOptions). */
  authSecret: string;
  /** Reservations dated longer ago than this lose the guest's personal data (the privacy policy's retention). */
  retentionDays: number;
  /** The file the auth secret comes from (DATA_DIR/auth-secret); undefined when AUTH_SECRET is set. */
  authSecretFile: string | undefined;
  /** SQLite snapshots (src/server/backups): the folder, the restaurant-time hour of the daily one, how many to keep. */
  backups: { dir: string; hour: number; keep: number };
  /** How long after signing in a password change needs no re-authentication. */
  freshSessionSeconds: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  google: { clientId: string; clientSecret: string } | undefined;
  mail: {
    smtpUrl: string | undefined;
    /** MAIL_FROM; without it, the restaurant's name as the settings have it now, at reservations@localhost. */
    from: string | undefined;
    outboxDir: string;
    /** How long the mail server may take to accept a connection, greet, or answer on the socket. */
    timeoutMs: number;
  };
  /** When true, the client IP is taken from X-Forwarded-For (set only behind your own reverse proxy). */
  trustProxy: boolean;
  /** Whether PUBLIC_URL was given: without it the app answers same-origin requests at any address it is reached by. */
  publicUrlConfigured: boolean;
  /** The Vite dev server's origin under `npm run dev`; undefined otherwise. */
  devClientOrigin: string | undefined;
  fairUse: FairUseLimits;
  restaurant: {
    /** Today, tomorrow, weekdays and reminder mornings are computed in this zone. */
    timeZone: string;
  };
  firstStartDefaults: FirstStartDefaults;
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

// A secret generated once and kept beside the database, so sessions survive restarts without setup. Only a
// missing file is generated: a file that is there but blank, short or unreadable stops the start, because
// carrying on would mean signing with something weak (the auth library would fall back to a public default).
function readOrCreateAuthSecret(file: string): string {
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT')
      throw new ConfigError(`AUTH_SECRET: cannot read the secret file ${file} (${code ?? 'unreadable'})`);
    const generated = randomBytes(32).toString('base64url');
    makePrivateFolder(dirname(file));
    writeFileSync(file, generated + '\n', { mode: PRIVATE_FILE });
    return generated;
  }
  const weakness = authSecretWeakness(secret);
  if (weakness) {
    throw new ConfigError(
      `AUTH_SECRET: the secret file ${file} is ${weakness}; ` +
        'delete it to have a new one generated (everyone is signed out), or set AUTH_SECRET',
    );
  }
  return secret;
}

/** Why the app would not start with `secret` (the file's content, trimmed) as its auth secret; undefined if it would. */
export function authSecretWeakness(secret: string): string | undefined {
  if (secret === '') return 'empty';
  if (secret.length < MIN_SECRET_LENGTH) return `shorter than ${MIN_SECRET_LENGTH} characters`;
  return undefined;
}

export interface LoadOptions {
  /**
   * False for `npm run restore`, which signs nothing and replaces the secret file: the file is then neither read
   * nor generated (authSecret is ''), so that a damaged one cannot stop the restore that would put a good one back.
   */
  readAuthSecret?: boolean;
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  { readAuthSecret = true }: LoadOptions = {},
): AppConfig {
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
  // Generated into DATA_DIR unless AUTH_SECRET is given; backups carry the file, since sessions are signed with it.
  const authSecretFile = resolve(dataDir, 'auth-secret');

  return {
    env: vars.NODE_ENV,
    logLevel: vars.LOG_LEVEL,
    port: vars.PORT,
    host: vars.HOST,
    publicUrl,
    dataDir,
    database,
    authSecret: vars.AUTH_SECRET ?? (readAuthSecret ? readOrCreateAuthSecret(authSecretFile) : ''),
    authSecretFile: vars.AUTH_SECRET ? undefined : authSecretFile,
    backups: {
      dir: resolve(vars.BACKUP_DIR ?? resolve(dataDir, 'backups')),
      hour: vars.BACKUP_HOUR,
      keep: vars.BACKUP_KEEP,
    },
    retentionDays: vars.RESERVATION_RETENTION_DAYS,
    freshSessionSeconds: vars.AUTH_FRESH_SESSION_MINUTES * 60,
    adminEmail: vars.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: vars.ADMIN_PASSWORD,
    google:
      vars.GOOGLE_CLIENT_ID && vars.GOOGLE_CLIENT_SECRET
        ? { clientId: vars.GOOGLE_CLIENT_ID, clientSecret: vars.GOOGLE_CLIENT_SECRET }
        : undefined,
    mail: {
      smtpUrl: vars.SMTP_URL,
      from: vars.MAIL_FROM,
      outboxDir: resolve(vars.MAIL_OUTBOX_DIR ?? resolve(dataDir, 'outbox')),
      timeoutMs: vars.SMTP_TIMEOUT_SECONDS * 1000,
    },
    trustProxy: vars.TRUST_PROXY,
    publicUrlConfigured: vars.PUBLIC_URL !== undefined,
    devClientOrigin: vars.DEV_CLIENT_ORIGIN?.replace(/\/+$/, ''),
    fairUse: {
      bookingsPerAccount: vars.BOOKING_RATE_PER_ACCOUNT,
      bookingsPerAddress: vars.BOOKING_RATE_PER_ADDRESS,
      accountEmailsPerHour: vars.ACCOUNT_EMAILS_PER_HOUR,
      signInsPerAddressPerMinute: vars.SIGN_IN_RATE_PER_ADDRESS,
      signUpsPerAddressPer10Minutes: vars.SIGN_UP_RATE_PER_ADDRESS,
      signInFailuresBeforeBackoff: vars.SIGN_IN_FAILURES_BEFORE_BACKOFF,
    },
    restaurant: { timeZone: vars.RESTAURANT_TIMEZONE },
    firstStartDefaults: firstStartDefaults(vars, env, restaurantFile),
  };
}

function firstStartDefaults(
  vars: z.infer<typeof envSchema>,
  env: Record<string, string | undefined>,
  file: RestaurantConfig,
): FirstStartDefaults {
  const seeded = {
    RESTAURANT_NAME: vars.RESTAURANT_NAME,
    RESTAURANT_PHONE: vars.RESTAURANT_PHONE,
    BOOKING_ALLOW_OVERLAP: vars.BOOKING_ALLOW_OVERLAP,
    BOOKING_MAX_UPCOMING: vars.BOOKING_MAX_UPCOMING,
    BOOKING_MAX_PER_DATE: vars.BOOKING_MAX_PER_DATE,
  };
  const given = (name: string) => (env[name] ?? '').trim() !== '';
  return {
    details: { name: vars.RESTAURANT_NAME, phone: vars.RESTAURANT_PHONE, address: file.address, links: file.links },
    hours: uniformHours(file.seatings, file.closedWeekdays),
    rules: {
      guestDaysAhead: GUEST_DAYS_AHEAD,
      allowOverlap: vars.BOOKING_ALLOW_OVERLAP,
      maxUpcoming: vars.BOOKING_MAX_UPCOMING,
      maxPerDate: vars.BOOKING_MAX_PER_DATE,
      maxCoversPerSeating: 0,
    },
    closedDates: file.closedDates,
    // Each table at the place of its number: combinations follow the numbering, as the spec describes.
    tables: file.tables.map((table) => ({ ...table, position: Number(table.id.replace(/^C/, '')) })),
    fromEnvironment: Object.fromEntries(Object.entries(seeded).filter(([name]) => given(name))),
  };
}
