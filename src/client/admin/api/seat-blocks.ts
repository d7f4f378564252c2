import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createBlockSchema } from '../../../booking/block-schemas';
import { api, resendLostAnswers, unwrap } from '../../api/api-client';
import { adminKeys } from './admin-keys';

/** The seat blocks on a date (GET /api/blocks); the live day's stream says when they change. */
export function useBlocks(date: string) {
  return useQuery({
    queryKey: adminKeys.blocks(date),
    queryFn: () => unwrap(api.blocks.$get({ query: { date } })),
    enabled: Boolean(date),
    staleTime: Infinity,
  });
}

/** The host blocks seats (POST /api/blocks); every date's blocks are read again after. */
export function useCreateBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: z.input<typeof createBlockSchema>) => unwrap(api.blocks.$post({ json })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.allBlocks }),
  });
}

/** The host lets a block go (DELETE /api/blocks/:id); safe to send again, as a block removed stays removed. */
export function useRemoveBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.blocks[':id'].$delete({ param: { id } })),
    ...resendLostAnswers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.allBlocks }),
  });
}
