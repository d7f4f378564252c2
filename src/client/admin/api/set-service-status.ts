import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceStatus } from '../../../shared/service-status';
import { api, resendLostAnswers, unwrap } from '../../api/api-client';
import { adminKeys } from './admin-keys';
import { refreshAdminLists } from './refresh-admin-lists';

/**
 * The host marks a party (POST /api/reservations/:id/service): from the status on screen to the one wanted. A
 * mark whose answer was lost is sent again; the server answers a mark already made as done.
 */
export function useSetServiceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, from, to }: { id: string; from: ServiceStatus; to: ServiceStatus }) =>
      unwrap(api.reservations[':id'].service.$post({ param: { id }, json: { from, to } })),
    ...resendLostAnswers,
    onSettled: async (_data, _error, { id }) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.history(id) });
      await refreshAdminLists(queryClient);
    },
  });
}
