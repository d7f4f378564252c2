import type { RestaurantDetails } from '../../booking/restaurant-settings';
import type { DetailsInput } from '../../booking/settings-schemas';
import type { Actor } from '../http/app-env';
import { describeDetailsChange } from './describe-change';
import { replaceSection } from './replace-section';
import type { SettingsDeps } from './settings-deps';

/** The restaurant's name, phone, address and links: the header, footer, legal pages and emails say them. */
export function updateDetails({
  deps,
  actor,
  input,
}: {
  deps: SettingsDeps;
  actor: Actor;
  input: DetailsInput;
}): Promise<RestaurantDetails> {
  return replaceSection({ deps, actor, section: 'details', value: input, describe: describeDetailsChange });
}
