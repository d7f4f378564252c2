import type { RestaurantSettings } from '../../booking/restaurant-settings';
import { readHistory, readSettings, type SettingsChangeRecord } from './settings-store';
import type { SettingsDeps } from './settings-deps';

/** How many lines of history the settings page shows. */
export const HISTORY_LINES = 50;

/** Everything the owner sets, read fresh from the database, with the latest changes (newest first). */
export async function getSettings({
  deps,
}: {
  deps: SettingsDeps;
}): Promise<RestaurantSettings & { history: SettingsChangeRecord[] }> {
  // One snapshot for all of it (see readSettingsAtOnce): a change committing meanwhile is either all in or all out.
  const [settings, history] = await deps.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => Promise.all([readSettings(trx), readHistory(trx, HISTORY_LINES)]));
  if (!settings) throw new Error('the owner settings are missing: prepareDatabase writes them at start');
  return { ...settings, history };
}
