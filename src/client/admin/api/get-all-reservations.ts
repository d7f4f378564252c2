import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/api-client';
import { adminKeys } from './admin-keys';

/** Every reservation, for the search (SPEC section 4: loaded once, filtered on the page). */
export function useAllReservations(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.all,
    queryFn: () => unwrap(api.reservations.all.$get()),
    enabled,
    staleTime: 30_000,
  });
}
