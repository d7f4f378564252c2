import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import type { AdminReservation } from '../../../shared/reservation';
import { api, unwrap } from '../../api/api-client';
import { SESSION_QUERY_KEY } from '../../auth/use-auth';
import { useRefreshPublicConfig } from '../use-refresh-public-config';
import { adminKeys } from './admin-keys';

/**
 * 'reconnecting': the server cannot be reached (EventSource retries by itself, or we open a new one);
 * 'paused': the server is reached but says live updates are interrupted (its database or change feed).
 */
export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'paused';

/** After the server refused the stream (EventSource then stops for good), a new one is opened this much later. */
const REOPEN_AFTER_MS = 3_000;

/**
 * The reservations of one date, live: the server's event stream sends the whole day again after every
 * change anywhere. EventSource reconnects by itself after a restart; we show that state.
 */
export function useLiveDay(date: string | null) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  const refreshPublicConfig = useRefreshPublicConfig();
  // The owner changed a setting (on this or another device): the floor plan and the page's details are read again.
  // An effect event: the stream stays open across the navigations the refresh itself makes.
  const onSettingsChanged = useEffectEvent(() => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.tables });
    void refreshPublicConfig().catch(() => undefined);
  });
  const query = useQuery({
    queryKey: adminKeys.day(date ?? ''),
    queryFn: () => unwrap(api.reservations.$get({ query: { date: date ?? '' } })),
    enabled: Boolean(date),
    staleTime: Infinity,
  });

  useEffect(() => {
    if (!date) return;
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      source = new EventSource(`/api/reservations/stream?${new URLSearchParams({ date }).toString()}`);
      source.addEventListener('snapshot', (event) => {
        const data = JSON.parse((event as MessageEvent<string>).data) as { reservations: AdminReservation[] };
        queryClient.setQueryData(adminKeys.day(date), { reservations: data.reservations });
        setState('live');
      });
      source.addEventListener('paused', () => setState('paused'));
      source.addEventListener('settings', onSettingsChanged);
      // The host blocked seats or let them go on this date (on this or another device): its blocks are read again.
      source.addEventListener('blocks', () => void queryClient.invalidateQueries({ queryKey: adminKeys.blocks(date) }));
      source.addEventListener('error', () => {
        setState('reconnecting');
        // An answer other than a stream (a 503 while the database is down, a 401 once signed out) ends
        // EventSource for good: ask who is signed in (the page leaves if nobody), and open a new stream soon.
        if (source?.readyState === EventSource.CLOSED) {
          void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
          reopen = setTimeout(open, REOPEN_AFTER_MS);
        }
      });
    };
    open();
    return () => {
      if (reopen) clearTimeout(reopen);
      source?.close();
    };
  }, [date, queryClient]);

  return { ...query, streamState: state };
}
