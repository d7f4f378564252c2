import type { ClosureInput } from '../../../../booking/settings-schemas';
import { api, unwrap } from '../../../api/api-client';
import { useSettingsMutation } from './settings-mutation';

/** A date or a range closed, with its note (POST /api/settings/closures). */
export const useAddClosure = () =>
  useSettingsMutation((json: ClosureInput) => unwrap(api.settings.closures.$post({ json })));
