import type { BookingRules, RestaurantDetails } from '../../booking/restaurant-settings';
import type { Actor } from '../http/app-env';
import { sameSetting } from './describe-change';
import type { SettingsDeps } from './settings-deps';

interface Sections {
  details: RestaurantDetails;
  rules: BookingRules;
}

/**
 * Replaces one whole section of the settings row (the details, the rules) and says what changed in the history.
 * The same values again change nothing and leave no line.
 */
export async function replaceSection<K extends keyof Sections>({
  deps,
  actor,
  section,
  value,
  describe,
}: {
  deps: SettingsDeps;
  actor: Actor;
  section: K;
  value: Sections[K];
  describe: (before: Sections[K], after: Sections[K]) => string;
}): Promise<Sections[K]> {
  // Compared inside the change's transaction, not with this instance's copy: a copy that has not yet heard
  // another instance's change would take a value set back for no change, and write nothing.
  return deps.settings.change({
    actor,
    area: section,
    apply: (_trx, current) =>
      Promise.resolve(
        sameSetting(current[section], value)
          ? { unchanged: true as const, result: value }
          : {
              summary: describe(current[section] as Sections[K], value),
              sections: { [section]: value },
              result: value,
            },
      ),
  });
}
