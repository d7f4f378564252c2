import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reservationKeys } from '../../../reservation-ui/use-reservation-queries';
import { adminKeys } from '../../api/admin-keys';
import { useRefreshPublicConfig } from '../../use-refresh-public-config';
import { settingsKeys } from './get-settings';

// After every change the settings are read again, and so are what they shape elsewhere on this page's app: the
// floor plan, the times offered, the header's and footer's details.

/** A mutation of the settings that, once done, refreshes everything the settings shape. */
export function useSettingsMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
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
