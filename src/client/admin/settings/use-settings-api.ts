import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClosureInput,
  DetailsInput,
  HoursInput,
  NewTableInput,
  RulesInput,
  TableChangesInput,
  TrustedNetworkInput,
} from '../../../booking/settings-schemas';
import { api, unwrap } from '../../api/api-client';
import { reservationKeys } from '../../reservation-ui/use-reservation-queries';
import { adminKeys } from '../api/admin-keys';
import { useRefreshPublicConfig } from '../use-refresh-public-config';

// The owner's settings screen talks to /api/settings (src/server/settings). After every change the settings are
// read again, and so are what they shape elsewhere on this page's app: the floor plan and the times offered.

export const settingsKeys = { all: ['admin', 'settings'] as const };

export function useOwnerSettings() {
  return useQuery({ queryKey: settingsKeys.all, queryFn: () => unwrap(api.settings.$get()) });
}

export type OwnerSettings = NonNullable<ReturnType<typeof useOwnerSettings>['data']>;

/** A mutation of the settings that, once done, refreshes everything the settings shape. */
function useSettingsMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  const refreshPublicConfig = useRefreshPublicConfig();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.tables }),
        queryClient.invalidateQueries({ queryKey: reservationKeys.allAvailability }),
        // The page's own header and footer say the new details at once (a failure here leaves them till a reload).
        refreshPublicConfig().catch(() => undefined),
      ]);
    },
  });
}

export const useUpdateDetails = () =>
  useSettingsMutation((json: DetailsInput) => unwrap(api.settings.details.$put({ json })));

export const useUpdateHours = () =>
  useSettingsMutation((json: HoursInput) => unwrap(api.settings.hours.$put({ json })));

export const useUpdateRules = () =>
  useSettingsMutation((json: RulesInput) => unwrap(api.settings.rules.$put({ json })));

export const useAddTable = () =>
  useSettingsMutation((json: NewTableInput) => unwrap(api.settings.tables.$post({ json })));

export const useChangeTable = () =>
  useSettingsMutation(({ id, changes }: { id: string; changes: TableChangesInput }) =>
    unwrap(api.settings.tables[':id'].$patch({ param: { id }, json: changes })),
  );

export const useRetireTable = () =>
  useSettingsMutation((id: string) => unwrap(api.settings.tables[':id'].$delete({ param: { id } })));

export const useAddClosure = () =>
  useSettingsMutation((json: ClosureInput) => unwrap(api.settings.closures.$post({ json })));

export const useRemoveClosure = () =>
  useSettingsMutation((id: string) => unwrap(api.settings.closures[':id'].$delete({ param: { id } })));

export const useTrustNetwork = () =>
  useSettingsMutation((json: TrustedNetworkInput) => unwrap(api.settings['trusted-networks'].$post({ json })));

export const useDistrustNetwork = () =>
  useSettingsMutation((id: string) => unwrap(api.settings['trusted-networks'][':id'].$delete({ param: { id } })));
