import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

// A throwaway database per test file: a SQLite file in a temp folder by default, or a fresh PostgreSQL
// database (created and dropped here) when TEST_DATABASE_URL points at a PostgreSQL server.

export interface TestDatabase {
  dialect: 'sqlite' | 'postgres';
  /** DATABASE_URL for the app. */
  url: string;
  /** A DATA_DIR of its own (auth secret, mail outbox). */
  dataDir: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(
  /** A PostgreSQL server to create the database on; SQLite when there is none. */
  adminUrl: string | undefined = process.env.TEST_DATABASE_URL,
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'reservations-test-'));
  if (!adminUrl) {
    return {
      dialect: 'sqlite',
      url: `file:${join(dataDir, 'test.db')}`,
      dataDir,
      drop: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
    };
  }
  const name = `reservations_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dialect: 'postgres',
    url: url.toString(),
    dataDir,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
