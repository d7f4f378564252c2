import { getMigrations } from 'better-auth/db/migration';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminSeat } from '../../src/server/accounts/admin-seat';
import { createAuth } from '../../src/server/auth';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { openDatabase, type AppDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { createRateCounters } from '../../src/server/db/rate-counters';
import { createOriginPolicy } from '../../src/server/http/origins';
import { seedTablesIfEmpty } from '../../src/server/db/seed';
import { isHoldConflict } from '../../src/server/reservations/reservation-store';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { SPEC_RESERVATION_FIELDS } from '../support/reservation-factory';

describe('migrations and seed on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL)', () => {
  let testDatabase: TestDatabase;
  let database: AppDatabase;
  let config: AppConfig;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: testDatabase.url, DATA_DIR: testDatabase.dataDir });
    database = openDatabase(config.database);
  });
  afterAll(async () => {
    await database.close();
    await testDatabase.drop();
  });

  it('applies every migration once, in order, and nothing on a second run', async () => {
    expect(await migrateToLatest(database.db, database.dialect)).toEqual([
      '0001-tables-and-reservations',
      '0002-auth-tables',
      '0003-email-action-codes',
      '0004-table-holds',
      '0005-reminder-sent',
      '0006-reservation-owner',
      '0007-admin-grants',
      '0008-rate-counters',
      '0009-health-probe',
      '0010-mail-outbox',
    ]);
    expect(await migrateToLatest(database.db, database.dialect)).toEqual([]);
  });

  // PostgreSQL's own default (synchronous_commit on) is already durable.
  it.skipIf(process.env.TEST_DATABASE_URL)(
    'opens SQLite in WAL mode, synced at every commit (durable across a power cut)',
    async () => {
      const pragma = async (name: string) => (await sql.raw(`pragma ${name}`).execute(database.db)).rows[0];
      expect(await pragma('journal_mode')).toEqual({ journal_mode: 'wal' });
      expect(await pragma('synchronous')).toEqual({ synchronous: 2 }); // 2 = FULL
    },
  );

  it('creates the spec fields of reservations and tables', async () => {
    const tables = await database.db.introspection.getTables();
    const columns = (name: string) =>
      tables
        .find((table) => table.name === name)
        ?.columns.map((column) => column.name)
        .sort();
    // The spec's fields, when the reminder went out, and the account the reservation belongs to.
    expect(columns('reservations')).toEqual([...SPEC_RESERVATION_FIELDS, 'reminderSentFor', 'userId'].sort());
    expect(columns('tables')).toEqual(['id', 'isReservable', 'location', 'numSeats']);
  });

  it('seeds the floor plan from the restaurant config on first start only', async () => {
    expect(await seedTablesIfEmpty(database.db, config.restaurant.tables)).toBe(20);
    expect(await seedTablesIfEmpty(database.db, config.restaurant.tables)).toBe(0);
    const rows = await database.db.selectFrom('tables').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(20);
    const notReservable = rows
      .filter((row) => !row.isReservable)
      .map((row) => row.id)
      .sort();
    expect(notReservable).toEqual(['7', '8', 'C11', 'C12']);
    expect(rows.filter((row) => row.location === 'counter')).toHaveLength(12);
  });

  it('leaves Better Auth nothing to create or add', async () => {
    const unused = () => Promise.reject(new Error('no email expected'));
    const auth = createAuth(config, database, {
      emails: {
        sendVerification: unused,
        sendPasswordReset: unused,
        sendEmailChanged: unused,
        sendSignUpAttempt: unused,
      },
      seat: createAdminSeat(database.db, undefined),
      counters: createRateCounters(database.db),
      origins: createOriginPolicy(config),
      logger: pino({ level: 'silent' }),
      removeAccountData: unused,
    });
    const { toBeCreated, toBeAdded } = await getMigrations(auth.options);
    expect(toBeCreated).toEqual([]);
    expect(toBeAdded).toEqual([]);
  });

  it('refuses a reservation with an unknown seat type (the database checks it too)', async () => {
    const now = new Date().toISOString();
    await expect(
      database.db
        .insertInto('reservations')
        .values({
          id: 'r1',
          tableIds: '[]',
          startTime: 1700,
          endTime: 1830,
          reservationDate: '2026-12-01',
          email: 'a@example.com',
          reminderEmail: 'a@example.com',
          partySize: 2,
          name: 'Ann',
          phoneNumber: '5550100199',
          seatType: 'booth' as 'table',
          specialRequests: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('refuses a second hold of the same table block, whatever the application checked', async () => {
    const now = new Date().toISOString();
    const reservation = (id: string) => ({
      id,
      tableIds: '["1"]',
      startTime: 1700,
      endTime: 1830,
      reservationDate: '2026-12-01',
      email: 'a@example.com',
      reminderEmail: 'a@example.com',
      partySize: 2,
      name: 'Ann',
      phoneNumber: '5550100199',
      seatType: 'table' as const,
      specialRequests: null,
      createdAt: now,
      updatedAt: now,
    });
    await database.db
      .insertInto('reservations')
      .values([reservation('first'), reservation('second')])
      .execute();
    const hold = (reservationId: string, blockStart: number) => ({
      tableId: '1',
      reservationDate: '2026-12-01',
      blockStart,
      reservationId,
    });
    await database.db
      .insertInto('table_holds')
      .values([hold('first', 1020), hold('first', 1050)])
      .execute();
    const error: unknown = await database.db
      .insertInto('table_holds')
      .values(hold('second', 1050))
      .execute()
      .catch((caught: unknown) => caught);
    expect(isHoldConflict(error)).toBe(true);
    // Holds go with their reservation.
    await database.db.deleteFrom('reservations').where('id', '=', 'first').execute();
    expect(await database.db.selectFrom('table_holds').selectAll().execute()).toEqual([]);
  });
});
