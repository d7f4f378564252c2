import { api, unwrap } from '../../../api/api-client';
import { useSettingsMutation } from './settings-mutation';

/** Closed dates opened again (DELETE /api/settings/closures/:id). */
export const useRemoveClosure = () =>
  useSettingsMutation((id: string) => unwrap(api.settings.closures[':id'].$delete({ param: { id } })));
