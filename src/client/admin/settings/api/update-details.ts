import type { DetailsInput } from '../../../../booking/settings-schemas';
import { api, unwrap } from '../../../api/api-client';
import { useSettingsMutation } from './settings-mutation';

/** The restaurant's details: name, phone, address, links (PUT /api/settings/details). */
export const useUpdateDetails = () =>
  useSettingsMutation((json: DetailsInput) => unwrap(api.settings.details.$put({ json })));
