import type { Kysely } from 'kysely';
import type { RestaurantTable } from '../../booking/restaurant-config';
import type { Database } from './schema';

/**
 * On first start the floor plan comes from the restaurant config file. Later edits of the file do not
 * overwrite tables already in the database, so a running book never loses a table under its reservations.
 */
export async function seedTablesIfEmpty(db: Kysely<Database>, tables: RestaurantTable[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('tables')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(existing.count) > 0) return 0;
    await trx
      .insertInto('tables')
      .values(tables.map((table) => ({ ...table, isReservable: table.isReservable ? 1 : 0 })))
      .execute();
    return tables.length;
  });
}
