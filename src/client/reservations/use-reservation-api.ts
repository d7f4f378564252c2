import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { CreateReservationInput } from '../../booking/reservation-schemas';
import type { Reservation } from '../../shared/reservation';
import { api, resendLostAnswers, unwrap } from '../api/api-client';
import { reservationKeys } from '../reservation-ui/use-reservation-queries';
import { newBookingId } from './booking-id';

/**
 * Making a reservation. `book` gives each booking its id: pressing Reserve again after a failure resends the
 * same booking under the same id, and a changed booking gets a new one.
 */
export function useCreateReservation(onBooked: (reservation: Reservation) => void) {
  const queryClient = useQueryClient();
  const attempt = useRef<{ booking: string; id: string } | null>(null);
  const create = useMutation({
    mutationFn: (input: CreateReservationInput) => unwrap(api.reservations.$post({ json: input })),
    // A lost answer is not a failed booking: sent again with the same id, it gets the reservation already made.
    ...resendLostAnswers,
    onSuccess: ({ reservation }) => {
      onBooked(reservation);
      void queryClient.invalidateQueries({ queryKey: reservationKeys.mine });
    },
    // A slot taken meanwhile: fresh times, and the guest's typing stays.
    onError: () => void queryClient.invalidateQueries({ queryKey: reservationKeys.allAvailability }),
  });
  const book = (input: CreateReservationInput) => {
    const booking = JSON.stringify(input);
    if (attempt.current?.booking !== booking) attempt.current = { booking, id: newBookingId() };
    create.mutate({ ...input, id: attempt.current.id });
  };
  return { ...create, book };
}
