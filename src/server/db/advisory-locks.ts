import { sql, type Transaction } from 'kysely';
import type { Dialect } from './database';
import type { Database } from './schema';

// PostgreSQL's transaction-scoped advisory locks, each named once here. They serialise writes that must see
// each other but touch no common row; they end with the transaction. SQLite needs none: it runs one write
// transaction at a time, and this app's SQLite connection one transaction at a time.

/** A lock's two 32-bit keys: a namespace of ours, and the object within it. */
type LockKey = readonly [namespace: number, object: number];

export const LOCKS = {
  /** Bookings and edits take it shared; a change of the owner's settings takes it alone. */
  settings: [7101, 0] as LockKey,
  /** The covers of one date's seatings: bookings of that date under a covers cap take it one at a time. */
  coversOn: (isoDate: string): LockKey => [7102, Number(isoDate.replaceAll('-', ''))],
  /** One network's bookings of one date by new accounts: counted one at a time (two keys may share a lock). */
  newAccountsOn: (network: string, isoDate: string): LockKey => [7103, hash32(`${network} ${isoDate}`)],
};

/** A text as a signed 32-bit number (FNV-1a): a lock's object key. Equal texts give equal keys. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}

export async function lockShared(trx: Transaction<Database>, dialect: Dialect, [namespace, object]: LockKey) {
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock_shared(${namespace}::int, ${object}::int)`.execute(trx);
}

export async function lockExclusive(trx: Transaction<Database>, dialect: Dialect, [namespace, object]: LockKey) {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${namespace}::int, ${object}::int)`.execute(trx);
}
