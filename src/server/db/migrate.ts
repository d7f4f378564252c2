import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect } from './database';
import type { Database } from './schema';
import { tablesAndReservations } from './migrations/0001-tables-and-reservations';
import { authTables } from './migrations/0002-auth-tables';
import { emailActionCodes } from './migrations/0003-email-action-codes';
import { tableHolds } from './migrations/0004-table-holds';
import { reminderSent } from './migrations/0005-reminder-sent';
import { reservationOwner } from './migrations/0006-reservation-owner';
import { adminGrants } from './migrations/0007-admin-grants';
import { rateCounters } from './migrations/0008-rate-counters';
import { healthProbe } from './migrations/0009-health-probe';
import { mailOutbox } from './migrations/0010-mail-outbox';
import { ownerSettings } from './migrations/0011-owner-settings';
import { settingsChangeOrder } from './migrations/0012-settings-change-order';
import { bookingNetworks } from './migrations/0013-booking-networks';
import { adminBookingsForCallers } from './migrations/0014-admin-bookings-for-callers';
import { activityAndService } from './migrations/0015-activity-and-service';
import { walkIns } from './migrations/0016-walk-ins';
import { seatBlocks } from './migrations/0017-seat-blocks';

// Every schema change is a new entry here, never an edit of an old one: the names record what ran.
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-tables-and-reservations': tablesAndReservations,
    '0002-auth-tables': authTables(dialect),
    '0003-email-action-codes': emailActionCodes,
    '0004-table-holds': tableHolds,
    '0005-reminder-sent': reminderSent,
    '0006-reservation-owner': reservationOwner,
    '0007-admin-grants': adminGrants,
    '0008-rate-counters': rateCounters,
    '0009-health-probe': healthProbe,
    '0010-mail-outbox': mailOutbox,
    '0011-owner-settings': ownerSettings,
    '0012-settings-change-order': settingsChangeOrder,
    '0013-booking-networks': bookingNetworks,
    '0014-admin-bookings-for-callers': adminBookingsForCallers,
    '0015-activity-and-service': activityAndService,
    '0016-walk-ins': walkIns,
    '0017-seat-blocks': seatBlocks(dialect),
  };
}

/** Every migration this version of the app knows, oldest first (a restore refuses a database with others). */
export const KNOWN_MIGRATIONS: readonly string[] = Object.keys(migrationsFor('sqlite'));

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrationsFor(dialect)) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(
      `database migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`,
    );
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
