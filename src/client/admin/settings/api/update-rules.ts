import type { RulesInput } from '../../../../booking/settings-schemas';
import { api, unwrap } from '../../../api/api-client';
import { useSettingsMutation } from './settings-mutation';

/** The booking rules (PUT /api/settings/rules). */
export const useUpdateRules = () =>
  useSettingsMutation((json: RulesInput) => unwrap(api.settings.rules.$put({ json })));
