import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

// Reads of accounts the app makes itself, beside Better Auth's own adapter (which owns the user table's writes).

type Db = Kysely<Database> | Transaction<Database>;

/** The email an account has in the database now (before a change being verified is applied), if it exists. */
export async function storedEmailOf(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email;
}
