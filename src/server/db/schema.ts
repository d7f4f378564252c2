import type { ColumnType } from 'kysely';
import type { SeatType } from '../../shared/seat-types';
import type { TableLocation } from '../../shared/seat-types';

// Column names keep the spec's field names (SPEC section 3), so the wire, the code and the database agree.
// Booleans are stored as 0/1 integers and timestamps as ISO-8601 text on both dialects, so one query code
// serves SQLite and PostgreSQL. Better Auth's own tables (user, session, account, verification, rateLimit)
// use its native types per dialect; see migrations/0002-auth.ts.

export interface TablesTable {
  id: string;
  numSeats: number;
  location: TableLocation;
  /** 1 or 0 */
  isReservable: number;
  /** Place in the floor order: tables in consecutive places combine for a larger party. */
  position: number;
  /** When the owner retired it (it then takes no bookings; past reservations keep its id), or null. */
  retiredAt: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The owner's settings, one row (id 1); details, hours and rules are JSON (src/booking/restaurant-settings.ts). */
export interface RestaurantSettingsTable {
  id: number;
  /** Goes up by one with every change of any setting, tables and closures included. */
  version: number;
  details: string;
  hours: string;
  rules: string;
  updatedAt: string;
}

/** Dates the restaurant is closed, both ends included, and what guests are told. */
export interface ClosuresTable {
  id: string;
  firstDate: string;
  lastDate: string;
  note: string | null;
  createdAt: string;
}

/** Who changed which setting, when, in words. */
export interface SettingsChangesTable {
  id: string;
  changedAt: string;
  actorEmail: string;
  area: string;
  summary: string;
  /** The settings' version the change made (its place in the history); null on lines from before 0012. */
  version: number | null;
}

export interface ReservationsTable {
  id: string;
  /** JSON array of table id strings, e.g. ["3","4"]. */
  tableIds: string;
  startTime: number;
  endTime: number;
  reservationDate: string;
  /** The account's email when the reservation was made; the wire shows the owner's current email instead. */
  email: string;
  /** The account the reservation belongs to (null once that account is deleted). Not on the wire. */
  userId: ColumnType<string | null, string | null | undefined, string | null>;
  reminderEmail: string;
  partySize: number;
  name: string;
  phoneNumber: string;
  seatType: SeatType;
  specialRequests: string | null;
  createdAt: string;
  updatedAt: string;
  /** The date whose morning reminder was sent (or claimed for sending); null before. Not on the wire. */
  reminderSentFor: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The network a guest booked (or last moved) it from: an IPv4 address or an IPv6 /64 (http/client-network.ts);
   * null for the admin's bookings and once its date has passed. Not on the wire.
   */
  bookedFrom: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * 1 when it counts among its network's new accounts' bookings of its date: the account was under a day old and
   * the network not trusted when it was booked (or last moved); else 0, or null for the admin's.
   */
  bookedByNewAccount: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the host marked each step of the party's night (booking/service-steps.ts), or null. Not on the wire. */
  arrivedAt: ColumnType<string | null, string | null | undefined, string | null>;
  seatedAt: ColumnType<string | null, string | null | undefined, string | null>;
  finishedAt: ColumnType<string | null, string | null | undefined, string | null>;
  noShowAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** A party finished early: its tables are free from this time (HHMM) on, its holds after it let go; else null. */
  heldUntil: ColumnType<number | null, number | null | undefined, number | null>;
  /** How it came: 'walk-in' (the host seated a party at the door: no account, no email), or null for a booking. */
  source: ColumnType<'walk-in' | null, 'walk-in' | null | undefined, 'walk-in' | null>;
}

/** The activity record: one line per thing done, kept after its subject is gone (migrations/0015). */
export interface ActivityTable {
  id: string;
  subjectType: 'reservation';
  subjectId: string;
  /** The line's place among its subject's, from 1. */
  seq: number;
  /** The subject's date (a reservation's), for reports and retention. */
  subjectDate: string | null;
  at: string;
  /** The admin's email, or "guest" for the guest's own changes. */
  actor: string;
  actorRole: 'admin' | 'guest';
  action: 'created' | 'edited' | 'seats' | 'status' | 'cancelled';
  /** JSON, or null: the subject before and after (activity/activity-store.ts). */
  before: string | null;
  after: string | null;
}

/** Networks the owner trusts: bookings from them are exempt from the per-network limits. */
export interface TrustedNetworksTable {
  id: string;
  /** An address (203.0.113.7) or a CIDR range (203.0.113.0/24, 2001:db8::/48). */
  network: string;
  note: string | null;
  createdAt: string;
}

export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<boolean | number, boolean | number, boolean | number>;
  image: string | null;
  createdAt: ColumnType<Date | string, Date | string, Date | string>;
  updatedAt: ColumnType<Date | string, Date | string, Date | string>;
}

/** Better Auth's sessions (migrations/0002): read by the session fast path (http/session-fast-path.ts). */
export interface AuthSessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: ColumnType<Date | string, Date | string, Date | string>;
  createdAt: ColumnType<Date | string, Date | string, Date | string>;
  updatedAt: ColumnType<Date | string, Date | string, Date | string>;
}

export interface EmailActionCodesTable {
  code: string;
  mode: 'verifyEmail' | 'recoverEmail';
  /** JSON, shape depends on mode (see accounts/email-action-codes.ts). */
  payload: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

/**
 * One row per table per 30-minute block held by a reservation or by a seat block (exactly one of the two); its
 * primary key forbids a table held twice at once.
 */
export interface TableHoldsTable {
  tableId: string;
  reservationDate: string;
  /** Minutes since midnight at which the block starts. */
  blockStart: number;
  reservationId: ColumnType<string | null, string | null | undefined, string | null>;
  blockId: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Seats the host holds back (migrations/0017): tables, dates (both ends included), a time range, and why. */
export interface SeatBlocksTable {
  id: string;
  /** JSON array of table id strings. */
  tableIds: string;
  firstDate: string;
  lastDate: string;
  /** HHMM, on the half hour; 0 to 2400 for whole dates. */
  startTime: number;
  endTime: number;
  note: string;
  createdAt: string;
  /** The admin's email. */
  createdBy: string;
}

/** Accounts holding the admin grant, and since when (see migrations/0007-admin-grants.ts). */
export interface AdminGrantsTable {
  userId: string;
  grantedAt: string;
}

/** One fixed-window counter per key (see db/rate-counters.ts). */
export interface RateCountersTable {
  key: string;
  windowStart: number;
  count: number;
  lastAt: number;
}

/** An email on its way (see migrations/0010-mail-outbox.ts and mail/outbox.ts). */
export interface MailOutboxTable {
  id: string;
  kind: string;
  dedupeKey: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  reservationId: string | null;
  reservationDate: string | null;
  notAfter: string | null;
  createdAt: string;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: string;
  leaseUntil: string | null;
  outcome: 'sent' | 'given-up' | 'dropped' | null;
  doneAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
}

export interface Database {
  restaurant_settings: RestaurantSettingsTable;
  closures: ClosuresTable;
  trusted_networks: TrustedNetworksTable;
  settings_changes: SettingsChangesTable;
  mail_outbox: MailOutboxTable;
  admin_grants: AdminGrantsTable;
  rate_counters: RateCountersTable;
  table_holds: TableHoldsTable;
  seat_blocks: SeatBlocksTable;
  email_action_codes: EmailActionCodesTable;
  tables: TablesTable;
  reservations: ReservationsTable;
  activity: ActivityTable;
  user: AuthUserTable;
  session: AuthSessionTable;
}
