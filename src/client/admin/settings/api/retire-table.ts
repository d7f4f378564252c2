import { api, unwrap } from '../../../api/api-client';
import { useSettingsMutation } from './settings-mutation';

/** A table taken out of use (DELETE /api/settings/tables/:id). */
export const useRetireTable = () =>
  useSettingsMutation((id: string) => unwrap(api.settings.tables[':id'].$delete({ param: { id } })));
