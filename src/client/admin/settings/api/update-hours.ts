import type { HoursInput } from '../../../../booking/settings-schemas';
import { api, unwrap } from '../../../api/api-client';
import { useSettingsMutation } from './settings-mutation';

/** Each weekday's seatings, or closed (PUT /api/settings/hours). */
export const useUpdateHours = () =>
  useSettingsMutation((json: HoursInput) => unwrap(api.settings.hours.$put({ json })));
