import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

// Better Auth's tables, written as our own versioned migration (its CLI does not run on Node 20, and a
// schema diff at start-up is not a versioned history). Types follow Better Auth's Kysely adapter per dialect:
// SQLite keeps dates as text and booleans as integers, PostgreSQL uses timestamptz and boolean.
// tests/integration/migrations.test.ts asserts Better Auth finds nothing left to migrate.
export function authTables(dialect: Dialect): Migration {
  const date = dialect === 'postgres' ? 'timestamptz' : 'date';
  const bool = dialect === 'postgres' ? 'boolean' : 'integer';
  const now = sql`CURRENT_TIMESTAMP`;
  const withDefaultNow = dialect === 'postgres';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user')
        .addColumn('id', 'text', (col) => col.primaryKey().notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('emailVerified', bool, (col) => col.notNull())
        .addColumn('image', 'text')
        .addColumn('createdAt', date, (col) => (withDefaultNow ? col.defaultTo(now).notNull() : col.notNull()))
        .addColumn('updatedAt', date, (col) => (withDefaultNow ? col.defaultTo(now).notNull() : col.notNull()))
        .execute();

      await db.schema
        .createTable('session')
        .addColumn('id', 'text', (col) => col.primaryKey().notNull())
        .addColumn('expiresAt', date, (col) => col.notNull())
        .addColumn('token', 'text', (col) => col.notNull().unique())
        .addColumn('createdAt', date, (col) => (withDefaultNow ? col.defaultTo(now).notNull() : col.notNull()))
        .addColumn('updatedAt', date, (col) => col.notNull())
        .addColumn('ipAddress', 'text')
        .addColumn('userAgent', 'text')
        .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute();

      await db.schema
        .createTable('account')
        .addColumn('id', 'text', (col) => col.primaryKey().notNull())
        .addColumn('accountId', 'text', (col) => col.notNull())
        .addColumn('providerId', 'text', (col) => col.notNull())
        .addColumn('userId', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
        .addColumn('accessToken', 'text')
        .addColumn('refreshToken', 'text')
        .addColumn('idToken', 'text')
        .addColumn('accessTokenExpiresAt', date)
        .addColumn('refreshTokenExpiresAt', date)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('createdAt', date, (col) => (withDefaultNow ? col.defaultTo(now).notNull() : col.notNull()))
        .addColumn('updatedAt', date, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute();

      await db.schema
        .createTable('verification')
        .addColumn('id', 'text', (col) => col.primaryKey().notNull())
        .addColumn('identifier', 'text', (col) => col.notNull())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('expiresAt', date, (col) => col.notNull())
        .addColumn('createdAt', date, (col) => (withDefaultNow ? col.defaultTo(now).notNull() : col.notNull()))
        .addColumn('updatedAt', date, (col) => (withDefaultNow ? col.defaultTo(now).notNull() : col.notNull()))
        .execute();
      await db.schema.createIndex('verification_identifier_idx').on('verification').column('identifier').execute();

      await db.schema
        .createTable('rateLimit')
        .addColumn('id', 'text', (col) => col.primaryKey().notNull())
        .addColumn('key', 'text', (col) => col.notNull().unique())
        .addColumn('count', 'integer', (col) => col.notNull())
        .addColumn('lastRequest', 'bigint', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['rateLimit', 'verification', 'account', 'session', 'user']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
