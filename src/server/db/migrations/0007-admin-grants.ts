import type { Kysely, Migration } from 'kysely';

/**
 * The admin grant (docs/decisions/0003-the-admin-rule.md): an account with the admin address holds admin rights
 * only once its password was chosen through the admin mailbox (a reset link) or set by ADMIN_PASSWORD. The row
 * records when; sessions begun before it carry no admin rights.
 */
export const adminGrants: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('admin_grants')
      .addColumn('userId', 'text', (col) => col.primaryKey().references('user.id').onDelete('cascade'))
      .addColumn('grantedAt', 'text', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('admin_grants').execute();
  },
};
