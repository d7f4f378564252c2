import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { UpdateReservationInput } from '../../booking/reservation-schemas';
import { api, ApiError, resendLostAnswers, unwrap } from '../api/api-client';
import { reservationKeys } from '../reservation-ui/use-reservation-queries';

// My Reservations' writes. The page says what the guest sees; these keep the lists and times in step after it.

/** The reservation is not there any more: cancelled in another tab, on another device, or by the restaurant. */
const isGone = (error: Error) => error instanceof ApiError && error.status === 404;

/**
 * Cancelling one's own reservation. One already gone is `gone`, not a failure: the list is read again, so its
 * card goes too.
 */
export function useCancelOwnReservation(on: {
  cancelled: () => void;
  gone: () => void;
  failed: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  // The cancels sent and not yet answered: one sent again after a lost answer may find the reservation gone,
  // which means the first one cancelled it.
  const resending = useRef(new Set<string>()).current;
  return useMutation({
    mutationFn: async (id: string) => {
      const resent = resending.has(id);
      resending.add(id);
      try {
        await unwrap(api.reservations[':id'].$delete({ param: { id } }));
      } catch (error) {
        if (!(resent && error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    ...resendLostAnswers,
    onSettled: (_data, _error, id) => void resending.delete(id),
    onSuccess: async () => {
      on.cancelled();
      await queryClient.invalidateQueries({ queryKey: reservationKeys.mine });
    },
    onError: (error) => {
      if (!isGone(error)) return on.failed(error);
      on.gone();
      void queryClient.invalidateQueries({ queryKey: reservationKeys.mine });
    },
  });
}

/** Editing one's own reservation: only the changed fields are sent. One already gone is `gone`, as for a cancel. */
export function useUpdateOwnReservation(on: {
  sending: () => void;
  updated: () => void;
  gone: () => void;
  failed: () => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateReservationInput }) =>
      unwrap(api.reservations[':id'].$patch({ param: { id }, json: changes })),
    // The same changes sent again find them made, and change nothing.
    ...resendLostAnswers,
    onMutate: on.sending,
    onSuccess: async () => {
      on.updated();
      await queryClient.invalidateQueries({ queryKey: reservationKeys.mine });
    },
    // A time taken meanwhile leaves the list of times.
    onError: (error) => {
      if (isGone(error)) {
        on.gone();
        void queryClient.invalidateQueries({ queryKey: reservationKeys.mine });
        return;
      }
      on.failed();
      void queryClient.invalidateQueries({ queryKey: reservationKeys.allAvailability });
    },
  });
}
