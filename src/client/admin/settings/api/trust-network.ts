import type { TrustedNetworkInput } from '../../../../booking/settings-schemas';
import { api, unwrap } from '../../../api/api-client';
import { useSettingsMutation } from './settings-mutation';

/** A network trusted (POST /api/settings/trusted-networks). */
export const useTrustNetwork = () =>
  useSettingsMutation((json: TrustedNetworkInput) => unwrap(api.settings['trusted-networks'].$post({ json })));
