import type { TableChangesInput } from '../../../../booking/settings-schemas';
import { api, unwrap } from '../../../api/api-client';
import { useSettingsMutation } from './settings-mutation';

/** A table's seats, bookable online, place (PATCH /api/settings/tables/:id). */
export const useChangeTable = () =>
  useSettingsMutation(({ id, changes }: { id: string; changes: TableChangesInput }) =>
    unwrap(api.settings.tables[':id'].$patch({ param: { id }, json: changes })),
  );
