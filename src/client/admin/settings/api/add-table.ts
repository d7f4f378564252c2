import type { NewTableInput } from '../../../../booking/settings-schemas';
import { api, unwrap } from '../../../api/api-client';
import { useSettingsMutation } from './settings-mutation';

/** A new table or counter seat (POST /api/settings/tables). */
export const useAddTable = () =>
  useSettingsMutation((json: NewTableInput) => unwrap(api.settings.tables.$post({ json })));
