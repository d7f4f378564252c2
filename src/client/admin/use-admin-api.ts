import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, unwrap } from '../api/api-client';
import type { Reservation } from '../reservations/use-reservation-api';

export const adminKeys = {
  tables: ['admin', 'tables'] as const,
  day: (date: string) => ['admin', 'day', date] as const,
  all: ['admin', 'all'] as const,
};

/** The floor plan; loaded once (SPEC section 7: the admin loads all tables once). */
export function useTables() {
  return useQuery({ queryKey: adminKeys.tables, queryFn: () => unwrap(api.tables.$get()), staleTime: Infinity });
}

export type StreamState = 'connecting' | 'live' | 'reconnecting';

/**
 * The reservations of one date, live: the server's event stream sends the whole day again after every
 * change anywhere. EventSource reconnects by itself after a restart; we show that state.
 */
export function useLiveDay(date: string | null) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  const query = useQuery({
    queryKey: adminKeys.day(date ?? ''),
    queryFn: () => unwrap(api.reservations.$get({ query: { date: date ?? '' } })),
    enabled: Boolean(date),
    staleTime: Infinity,
  });

  useEffect(() => {
    if (!date) return;
    const source = new EventSource(`/api/reservations/stream?${new URLSearchParams({ date }).toString()}`);
    source.addEventListener('snapshot', (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as { reservations: Reservation[] };
      queryClient.setQueryData(adminKeys.day(date), { reservations: data.reservations });
      setState('live');
    });
    source.addEventListener('error', () => setState('reconnecting'));
    return () => source.close();
  }, [date, queryClient]);

  return { ...query, streamState: state };
}

export function useAllReservations(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.all,
    queryFn: () => unwrap(api.reservations.all.$get()),
    enabled,
    staleTime: 30_000,
  });
}
