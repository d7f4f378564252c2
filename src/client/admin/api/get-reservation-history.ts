import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/api-client';
import { adminKeys } from './admin-keys';

/** What happened to a reservation, oldest first, read when its card's history is opened. */
export function useReservationHistory(id: string, open: boolean) {
  return useQuery({
    queryKey: adminKeys.history(id),
    queryFn: () => unwrap(api.reservations[':id'].history.$get({ param: { id } })),
    enabled: open,
  });
}
