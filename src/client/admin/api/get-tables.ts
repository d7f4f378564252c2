import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/api-client';
import { adminKeys } from './admin-keys';

/** The floor plan; loaded once (SPEC section 7: the admin loads all tables once). */
export function useTables() {
  return useQuery({ queryKey: adminKeys.tables, queryFn: () => unwrap(api.tables.$get()), staleTime: Infinity });
}
