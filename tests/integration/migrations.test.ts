import { getMigrations } from 'better-auth/db/migration';
import { Migrator, sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressKeys } from '../../src/server/accounts/address-keys';
import { createAdminGrants } from '../../src/server/accounts/admin-grants';
import { createAuth } from '../../src/server/auth';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { openDatabase, type AppDatabase } from '../../src/server/db/database';
import { migrateToLatest, migrationsFor } from '../../src/server/db/migrate';
import { createRateCounters } from '../../src/server/db/rate-counters';
import { createOriginPolicy } from '../../src/server/http/origins';
import { isHoldConflict } from '../../src/server/db/hold-conflict';
import { seedOwnerSettings } from '../../src/server/settings/seed-settings';
import { readSettings } from '../../src/server/settings/settings-store';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { SPEC_RESERVATION_FIELDS } from '../support/reservation-factory';

describe('migrations and seed on the test database (SQLite, or PostgreSQL with TEST_DATABASE_URL)', () => {
  const opened: { database: AppDatabase; testDatabase: TestDatabase }[] = [];
  /** A throwaway database of its own, opened as the app opens it; closed and dropped after the file. */
  async function freshDatabase(): Promise<{ database: AppDatabase; config: AppConfig }> {
    const testDatabase = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: testDatabase.url, DATA_DIR: testDatabase.dataDir });
    const database = openDatabase(config.database);
    opened.push({ database, testDatabase });
    return { database, config };
  }

  // The database as the app runs on it, migrated and seeded. The two tests of a first start (migrations, seed)
  // take a fresh database of their own, so that no test relies on another having run first.
  let database: AppDatabase;
  let config: AppConfig;
  beforeAll(async () => {
    ({ database, config } = await freshDatabase());
    await migrateToLatest(database.db, database.dialect);
    await seedOwnerSettings(database.db, config.firstStartDefaults, new Date());
  });
  afterAll(async () => {
    for (const { database, testDatabase } of opened) {
      await database.close();
      await testDatabase.drop();
    }
  });

  it('applies every migration once, in order, and nothing on a second run', async () => {
    const { database } = await freshDatabase();
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
      '0011-owner-settings',
      '0012-settings-change-order',
      '0013-booking-networks',
      '0014-admin-bookings-for-callers',
      '0015-activity-and-service',
      '0016-walk-ins',
      '0017-seat-blocks',
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
    // The spec's fields, when the reminder went out, the account the reservation belongs to, the network it
    // was booked from (fair use, decision 0014), and the host's marks (decision 0017).
    const marks = ['arrivedAt', 'seatedAt', 'finishedAt', 'noShowAt', 'heldUntil', 'source'];
    expect(columns('reservations')).toEqual(
      [...SPEC_RESERVATION_FIELDS, 'reminderSentFor', 'userId', 'bookedFrom', 'bookedByNewAccount', ...marks].sort(),
    );
    // A hold belongs to a reservation or to a seat block (decision 0017).
    expect(columns('table_holds')).toEqual(['blockId', 'blockStart', 'reservationDate', 'reservationId', 'tableId']);
    // The spec's fields, and the owner's place in the floor order and retirement (issue 16).
    expect(columns('tables')).toEqual(['id', 'isReservable', 'location', 'numSeats', 'position', 'retiredAt']);
  });

  it('seeds the floor plan from the restaurant config on first start only', async () => {
    const { database, config } = await freshDatabase();
    await migrateToLatest(database.db, database.dialect);
    const now = new Date('2026-11-24T12:00:00Z');
    expect(await seedOwnerSettings(database.db, config.firstStartDefaults, now)).toEqual({
      tables: 20,
      settings: true,
    });
    expect(await seedOwnerSettings(database.db, config.firstStartDefaults, now)).toEqual({
      tables: 0,
      settings: false,
    });
    const rows = await database.db.selectFrom('tables').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(20);
    const notReservable = rows
      .filter((row) => !row.isReservable)
      .map((row) => row.id)
      .sort();
    expect(notReservable).toEqual(['7', '8', 'C11', 'C12']);
    expect(rows.filter((row) => row.location === 'counter')).toHaveLength(12);
  });

  it('writes the owner settings from the first-start defaults: hours, rules, details, tables in number order', async () => {
    const settings = await readSettings(database.db);
    expect(settings?.version).toBe(1);
    expect(settings?.details).toEqual({
      name: 'Umi Sushi',
      phone: '(555) 010-0199',
      address: '123 Harbor Street, Springfield, CA 90000',
      links: config.firstStartDefaults.details.links,
    });
    expect(settings?.hours.map((day) => day.open)).toEqual([true, false, true, true, true, true, true]);
    expect(settings?.hours[2]).toEqual({ open: true, first: '17:00', last: '20:30', everyMinutes: 30 });
    expect(settings?.rules).toEqual({
      guestDaysAhead: 60,
      allowOverlap: false,
      maxUpcoming: 4,
      maxPerDate: 1,
      maxCoversPerSeating: 0,
    });
    const places = Object.fromEntries(settings!.tables.map((table) => [table.id, table.position]));
    expect(places).toMatchObject({ '1': 1, '8': 8, C1: 1, C12: 12 });
    expect(settings!.tables.every((table) => table.retiredAt === null)).toBe(true);
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
      adminGrants: createAdminGrants(database.db, undefined),
      counters: createRateCounters(database),
      keys: createAddressKeys(config.authSecret),
      origins: createOriginPolicy(config),
      logger: pino({ level: 'silent' }),
      now: () => new Date(),
      removeAccountData: unused,
      forgetAccountAddress: unused,
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

  it('upgrades a book from before the settings: each table keeps its number as its place, and the settings come from the defaults', async () => {
    const older = await createTestDatabase();
    const olderDatabase = openDatabase(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: older.url, DATA_DIR: older.dataDir }).database,
    );
    try {
      const migrator = new Migrator({
        db: olderDatabase.db,
        provider: { getMigrations: () => Promise.resolve(migrationsFor(olderDatabase.dialect)) },
      });
      expect((await migrator.migrateTo('0010-mail-outbox')).error).toBeUndefined();
      // The floor plan an owner had edited into the file before the first start: numbers with gaps.
      await sql`insert into tables (id, "numSeats", location, "isReservable") values ('1', 2, 'floor', 1), ('3', 4, 'floor', 1), ('C2', 1, 'counter', 0)`.execute(
        olderDatabase.db,
      );
      expect(await migrateToLatest(olderDatabase.db, olderDatabase.dialect)).toEqual([
        '0011-owner-settings',
        '0012-settings-change-order',
        '0013-booking-networks',
        '0014-admin-bookings-for-callers',
        '0015-activity-and-service',
        '0016-walk-ins',
        '0017-seat-blocks',
      ]);
      expect(await seedOwnerSettings(olderDatabase.db, config.firstStartDefaults, new Date())).toEqual({
        tables: 0,
        settings: true,
      });
      const settings = await readSettings(olderDatabase.db);
      expect(settings?.tables.map(({ id, position, retiredAt }) => ({ id, position, retiredAt }))).toEqual([
        { id: 'C2', position: 2, retiredAt: null },
        { id: '1', position: 1, retiredAt: null },
        { id: '3', position: 3, retiredAt: null },
      ]);
      expect(settings?.rules.guestDaysAhead).toBe(60);
    } finally {
      await olderDatabase.close();
      await older.drop();
    }
  });

  it('keeps every hold through the seat blocks migration, and a hold then needs exactly one holder', async () => {
    const older = await createTestDatabase();
    const olderDatabase = openDatabase(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: older.url, DATA_DIR: older.dataDir }).database,
    );
    const { db, dialect } = olderDatabase;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) } });
      expect((await migrator.migrateTo('0016-walk-ins')).error).toBeUndefined();
      await sql`insert into tables (id, "numSeats", location, "isReservable", position) values ('1', 2, 'floor', 1, 1)`.execute(
        db,
      );
      const stamp = '2026-11-21T12:00:00.000Z';
      await db
        .insertInto('reservations')
        .values({
          id: 'kept',
          tableIds: '["1"]',
          startTime: 1700,
          endTime: 1830,
          reservationDate: '2026-12-01',
          email: 'a@example.com',
          reminderEmail: 'a@example.com',
          partySize: 2,
          name: 'Ann',
          phoneNumber: '5550100199',
          seatType: 'table',
          specialRequests: null,
          createdAt: stamp,
          updatedAt: stamp,
        })
        .execute();
      const held = (blockStart: number) => ({ tableId: '1', reservationDate: '2026-12-01', blockStart });
      await sql`insert into table_holds ("tableId", "reservationDate", "blockStart", "reservationId") values ('1', '2026-12-01', 1020, 'kept'), ('1', '2026-12-01', 1050, 'kept'), ('1', '2026-12-01', 1080, 'kept')`.execute(
        db,
      );
      expect(await migrateToLatest(db, dialect)).toEqual(['0017-seat-blocks']);
      const holds = await db.selectFrom('table_holds').selectAll().orderBy('blockStart').execute();
      expect(holds.map((hold) => ({ ...hold, blockStart: Number(hold.blockStart) }))).toEqual(
        [1020, 1050, 1080].map((blockStart) => ({ ...held(blockStart), reservationId: 'kept', blockId: null })),
      );
      await db
        .insertInto('seat_blocks')
        .values({
          id: 'regulars',
          tableIds: '["1"]',
          firstDate: '2026-12-01',
          lastDate: '2026-12-01',
          startTime: 1900,
          endTime: 2000,
          note: 'held for regulars',
          createdAt: stamp,
          createdBy: 'owner@example.com',
        })
        .execute();
      await db
        .insertInto('table_holds')
        .values({ ...held(1140), blockId: 'regulars' })
        .execute();
      // A block and a reservation never hold one table at once; a hold of nobody, or of both, is refused.
      const refused = (values: object) =>
        db
          .insertInto('table_holds')
          .values(values as never)
          .execute()
          .then(
            () => 'written',
            (error: unknown) => (isHoldConflict(error) ? 'conflict' : 'refused'),
          );
      expect(await refused({ ...held(1080), blockId: 'regulars' })).toBe('conflict');
      expect(await refused({ ...held(1140), reservationId: 'kept' })).toBe('conflict');
      expect(await refused(held(1200))).toBe('refused');
      expect(await refused({ ...held(1200), reservationId: 'kept', blockId: 'regulars' })).toBe('refused');
      // Holds still go with their holder.
      await db.deleteFrom('reservations').where('id', '=', 'kept').execute();
      await db.deleteFrom('seat_blocks').where('id', '=', 'regulars').execute();
      expect(await db.selectFrom('table_holds').selectAll().execute()).toEqual([]);
    } finally {
      await olderDatabase.close();
      await older.drop();
    }
  });

  it("lets go of the admin's bookings for callers made since the grant, and keeps the owner's own and a guest's", async () => {
    const older = await createTestDatabase();
    const olderDatabase = openDatabase(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: older.url, DATA_DIR: older.dataDir }).database,
    );
    const { db, dialect } = olderDatabase;
    const stamp = (iso: string) => (dialect === 'sqlite' ? iso : new Date(iso));
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) },
      });
      expect((await migrator.migrateTo('0013-booking-networks')).error).toBeUndefined();
      const account = (id: string, email: string) => ({
        id,
        name: id,
        email,
        emailVerified: dialect === 'sqlite' ? 1 : true,
        image: null,
        createdAt: stamp('2026-11-01T00:00:00.000Z'),
        updatedAt: stamp('2026-11-01T00:00:00.000Z'),
      });
      await db
        .insertInto('user')
        .values([account('owner', 'owner@example.com'), account('ann', 'ann@example.com')])
        .execute();
      await db.insertInto('admin_grants').values({ userId: 'owner', grantedAt: '2026-11-20T00:00:00.000Z' }).execute();
      const booking = (id: string, userId: string, reminderEmail: string, createdAt: string) => ({
        id,
        userId,
        tableIds: '["1"]',
        startTime: 1700,
        endTime: 1830,
        reservationDate: '2026-12-01',
        email: `${userId}@example.com`,
        reminderEmail,
        partySize: 2,
        name: id,
        phoneNumber: '5550100199',
        seatType: 'table' as const,
        specialRequests: null,
        createdAt,
        updatedAt: createdAt,
      });
      await db
        .insertInto('reservations')
        .values([
          booking('as a guest, before the grant', 'owner', 'someone@example.com', '2026-11-19T12:00:00.000Z'),
          booking("the owner's own dinner", 'owner', 'Owner@Example.com', '2026-11-21T12:00:00.000Z'),
          booking('for a caller', 'owner', 'caller@example.com', '2026-11-21T12:00:00.000Z'),
          booking("a guest's", 'ann', 'someone@example.com', '2026-11-21T12:00:00.000Z'),
        ])
        .execute();
      expect(await migrateToLatest(db, dialect)).toEqual([
        '0014-admin-bookings-for-callers',
        '0015-activity-and-service',
        '0016-walk-ins',
        '0017-seat-blocks',
      ]);
      const owners = await db.selectFrom('reservations').select(['id', 'userId']).orderBy('id').execute();
      expect(owners).toEqual([
        { id: "a guest's", userId: 'ann' },
        { id: 'as a guest, before the grant', userId: 'owner' },
        { id: 'for a caller', userId: null },
        { id: "the owner's own dinner", userId: 'owner' },
      ]);
    } finally {
      await olderDatabase.close();
      await older.drop();
    }
  });
});
