import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { walkInSchema } from '../../../booking/walk-in-schemas';
import { api, resendLostAnswers, unwrap } from '../../api/api-client';
import { refreshAdminLists } from './refresh-admin-lists';

/**
 * The host seats a party at the door (POST /api/walk-ins). The form chooses the walk-in's id, so one whose answer
 * was lost is sent again and finds the walk-in it made.
 */
export function useSeatWalkIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: z.input<typeof walkInSchema> & { id: string }) => unwrap(api['walk-ins'].$post({ json })),
    ...resendLostAnswers,
    onSettled: () => refreshAdminLists(queryClient),
  });
}
