import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RestaurantSettings } from '../../booking/restaurant-settings';
import type { FirstStartDefaults, SeededVariable } from '../config';
import type { Database } from '../db/schema';
import { insertFirstSettings } from './settings-store';

/**
 * On the first start the owner's settings come from config/restaurant.json and the RESTAURANT_* and BOOKING_*
 * variables. After that the database is the truth: later edits of the file or the variables change nothing, so
 * a running book never loses a table under its reservations (docs/decisions/0010-owner-settings.md). An install
 * from before the settings existed gets them here too, from the same sources, so it behaves as it did.
 */
export async function seedOwnerSettings(
  db: Kysely<Database>,
  defaults: FirstStartDefaults,
  now: Date,
): Promise<{ tables: number; settings: boolean }> {
  return db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const existing = await trx
      .selectFrom('tables')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    let tables = 0;
    if (Number(existing.count) === 0) {
      await trx
        .insertInto('tables')
        .values(defaults.tables.map((table) => ({ ...table, isReservable: table.isReservable ? 1 : 0 })))
        .execute();
      tables = defaults.tables.length;
    }
    const settings = await insertFirstSettings(trx, defaults, at);
    if (settings && defaults.closedDates.length) {
      await trx
        .insertInto('closures')
        .values(
          defaults.closedDates.map((date) => ({
            id: randomUUID(),
            firstDate: date,
            lastDate: date,
            note: null,
            createdAt: at,
          })),
        )
        .execute();
    }
    return { tables, settings };
  });
}

/**
 * The variables set in the environment whose value the owner's settings no longer have: they are ignored, and
 * start-up says so, naming where the setting is changed now.
 */
export function ignoredVariables(
  settings: RestaurantSettings,
  fromEnvironment: FirstStartDefaults['fromEnvironment'],
): { variable: SeededVariable; value: string | number | boolean; setting: string | number | boolean }[] {
  const live: Record<SeededVariable, string | number | boolean> = {
    RESTAURANT_NAME: settings.details.name,
    RESTAURANT_PHONE: settings.details.phone,
    BOOKING_ALLOW_OVERLAP: settings.rules.allowOverlap,
    BOOKING_MAX_UPCOMING: settings.rules.maxUpcoming,
    BOOKING_MAX_PER_DATE: settings.rules.maxPerDate,
  };
  return (Object.entries(fromEnvironment) as [SeededVariable, string | number | boolean][])
    .filter(([variable, value]) => live[variable] !== value)
    .map(([variable, value]) => ({ variable, value, setting: live[variable] }));
}
