import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/api-client';
import { adminKeys } from '../api/admin-keys';

// The owner's view of a night by network (GET /api/reservations/by-network) and the group cancel beside it.

export const networkKeys = {
  all: ['admin', 'by-network'] as const,
  on: (date: string) => [...networkKeys.all, date] as const,
};

export function useBookingsByNetwork(date: string) {
  return useQuery({
    queryKey: networkKeys.on(date),
    queryFn: () => unwrap(api.reservations['by-network'].$get({ query: { date } })),
    enabled: Boolean(date),
  });
}

export type BookingsByNetwork = NonNullable<ReturnType<typeof useBookingsByNetwork>['data']>;
export type NetworkGroup = BookingsByNetwork['groups'][number];

/** Cancels a group's reservations in one request; then this view and the dashboard's lists are read again. */
export function useCancelGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => unwrap(api.reservations['cancel-many'].$post({ json: { ids } })),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: networkKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.allDays }),
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      ]);
    },
  });
}
