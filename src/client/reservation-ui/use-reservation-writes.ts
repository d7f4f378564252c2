import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { UpdateReservationInput } from '../../booking/reservation-schemas';
import { api, ApiError, resendLostAnswers, unwrap } from '../api/api-client';
import { reservationKeys } from './use-reservation-queries';

// Cancelling and editing a reservation, the guest's own on My Reservations and any on the admin's dashboard: one
// hook each, so both resend an answer lost on the way (README, "Deploying behind a proxy": done once), and both say
// when the reservation is gone. The screen says what the user sees; `refresh` keeps its lists in step after.

/** The reservation is not there any more: cancelled in another tab, on another device, or by the restaurant. */
const isGone = (error: Error) => error instanceof ApiError && error.status === 404;

/** Cancelling a reservation. One already gone is `gone`, not a failure, and the lists are read again. */
export function useCancelReservation(on: {
  cancelled: () => void;
  gone: () => void;
  failed: (error: Error) => void;
  /** Reads again the lists the screen shows. */
  refresh: () => Promise<unknown>;
}) {
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
      await on.refresh();
    },
    onError: (error) => {
      if (!isGone(error)) return on.failed(error);
      on.gone();
      void on.refresh();
    },
  });
}

/**
 * Editing a reservation: only the changed fields are sent (SPEC section 7), the tables too for Change Seats. The
 * same changes sent again find them made, and change nothing. One already gone is `gone`, as for a cancel; a time
 * taken meanwhile leaves the times offered.
 */
export function useUpdateReservation(on: {
  sending?: () => void;
  updated: () => void;
  gone: () => void;
  failed: (error: Error) => void;
  refresh: () => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateReservationInput }) =>
      unwrap(api.reservations[':id'].$patch({ param: { id }, json: changes })),
    ...resendLostAnswers,
    onMutate: () => on.sending?.(),
    onSuccess: async () => {
      on.updated();
      await on.refresh();
    },
    onError: (error) => {
      if (isGone(error)) {
        on.gone();
        void on.refresh();
        return;
      }
      on.failed(error);
      void queryClient.invalidateQueries({ queryKey: reservationKeys.allAvailability });
    },
  });
}
