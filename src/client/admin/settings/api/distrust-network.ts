import { api, unwrap } from '../../../api/api-client';
import { useSettingsMutation } from './settings-mutation';

/** A network no longer trusted (DELETE /api/settings/trusted-networks/:id). */
export const useDistrustNetwork = () =>
  useSettingsMutation((id: string) => unwrap(api.settings['trusted-networks'][':id'].$delete({ param: { id } })));
