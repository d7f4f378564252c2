import type { BookingRules } from '../../booking/restaurant-settings';
import type { RulesInput } from '../../booking/settings-schemas';
import type { Actor } from '../http/app-env';
import { describeRulesChange } from './describe-change';
import { replaceSection } from './replace-section';
import type { SettingsDeps } from './settings-deps';

/**
 * The booking rules: the guests' horizon, what one guest may hold, the covers cap. They apply to bookings and
 * edits from now on; reservations already made stay as they are.
 */
export function updateRules({
  deps,
  actor,
  input,
}: {
  deps: SettingsDeps;
  actor: Actor;
  input: RulesInput;
}): Promise<BookingRules> {
  return replaceSection({ deps, actor, section: 'rules', value: input, describe: describeRulesChange });
}
