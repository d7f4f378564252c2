import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/api-client';
import { adminKeys } from './admin-keys';

/** When the last backup succeeded and the next is due, asked every five minutes while the dashboard is open. */
export function useBackupStatus() {
  return useQuery({
    queryKey: adminKeys.backups,
    queryFn: () => unwrap(api.backups.status.$get()),
    refetchInterval: 5 * 60 * 1000,
  });
}
