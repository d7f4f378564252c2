import type { Kysely, Migration } from 'kysely';

// The oobCode of the spec's account-action links (/firebase-action?mode=...&oobCode=...): one row per code,
// marked used on first use, so every link works once and expires.
export const emailActionCodes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('email_action_codes')
      .addColumn('code', 'text', (col) => col.primaryKey())
      .addColumn('mode', 'text', (col) => col.notNull())
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('expiresAt', 'text', (col) => col.notNull())
      .addColumn('usedAt', 'text')
      .addColumn('createdAt', 'text', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('email_action_codes').execute();
  },
};
