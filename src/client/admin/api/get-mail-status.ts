import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/api-client';
import { adminKeys } from './admin-keys';

/** How email delivery goes (the outbox's status), asked every half minute while the dashboard is open. */
export function useMailStatus() {
  return useQuery({
    queryKey: adminKeys.mailStatus,
    queryFn: () => unwrap(api.admin['mail-status'].$get()),
    refetchInterval: 30_000,
  });
}
