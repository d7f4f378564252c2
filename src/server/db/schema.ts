import type { ColumnType } from 'kysely';

// Column names keep the spec's field names (SPEC section 3), so the wire, the code and the database agree.
// Booleans are stored as 0/1 integers and timestamps as ISO-8601 text on both dialects, so one query code
// serves SQLite and PostgreSQL. Better Auth's own tables (user, session, account, verification, rateLimit)
// use its native types per dialect; see migrations/0002-auth.ts.

export interface TablesTable {
  id: string;
  numSeats: number;
  location: 'floor' | 'counter';
  /** 1 or 0 */
  isReservable: number;
}

export interface ReservationsTable {
  id: string;
  /** JSON array of table id strings, e.g. ["3","4"]. */
  tableIds: string;
  startTime: number;
  endTime: number;
  reservationDate: string;
  email: string;
  reminderEmail: string;
  partySize: number;
  name: string;
  phoneNumber: string;
  seatType: 'table' | 'counter';
  specialRequests: string | null;
  createdAt: string;
  updatedAt: string;
  /** The date whose morning reminder was sent (or claimed for sending); null before. Not on the wire. */
  reminderSentFor: ColumnType<string | null, string | null | undefined, string | null>;
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

export interface EmailActionCodesTable {
  code: string;
  mode: 'verifyEmail' | 'recoverEmail';
  /** JSON, shape depends on mode (see accounts/email-action-codes.ts). */
  payload: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

/** One row per table per 30-minute block held by a reservation; its primary key forbids double booking. */
export interface TableHoldsTable {
  tableId: string;
  reservationDate: string;
  /** Minutes since midnight at which the block starts. */
  blockStart: number;
  reservationId: string;
}

export interface Database {
  table_holds: TableHoldsTable;
  email_action_codes: EmailActionCodesTable;
  tables: TablesTable;
  reservations: ReservationsTable;
  user: AuthUserTable;
}
