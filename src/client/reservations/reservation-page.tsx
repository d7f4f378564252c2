import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import type { CreateReservationInput } from '../../booking/reservation-schemas';
import * as bookingMessages from '../../shared/messages/booking';
import { api, resendLostAnswers, unwrap, userMessage } from '../api/api-client';
import { RequireSignIn } from '../auth/use-require-sign-in';
import type { SessionUser } from '../auth/use-auth';
import { Banner } from '../components/banner';
import { Spinner } from '../components/spinner';
import { useDocumentTitle } from '../layout/use-document-title';
import { newBookingId } from './booking-id';
import { ReservationForm } from '../reservation-ui/reservation-form';
import type { Reservation } from '../../shared/reservation';
import { reservationKeys } from '../reservation-ui/use-reservation-queries';

// The confirmation (with its calendar file) is needed only once a booking succeeds: it loads while the booking
// is being sent, so the page's first load stays small.
const loadConfirmation = () => import('./booking-confirmation');
const BookingConfirmation = lazy(() => loadConfirmation().then((m) => ({ default: m.BookingConfirmation })));

/** / : Make a Reservation. Signed-out visitors are asked to sign in first. */
export function ReservationPage() {
  useDocumentTitle('Make a Reservation');
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="mb-6 text-3xl font-bold text-stone-900">Make a Reservation</h1>
      <RequireSignIn message="Please sign in to make a reservation">{(user) => <Booking user={user} />}</RequireSignIn>
    </section>
  );
}

function Booking({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const [booked, setBooked] = useState<Reservation | null>(null);
  // The id goes with the booking as the guest sent it: pressing Reserve again after a failure resends the same
  // booking under the same id, and a changed booking gets a new one.
  const attempt = useRef<{ booking: string; id: string } | null>(null);
  const create = useMutation({
    mutationFn: (input: CreateReservationInput) => {
      void loadConfirmation().catch(() => undefined);
      return unwrap(api.reservations.$post({ json: input }));
    },
    // A lost answer is not a failed booking: sent again with the same id, it gets the reservation already made.
    ...resendLostAnswers,
    onSuccess: ({ reservation }) => {
      setBooked(reservation);
      void queryClient.invalidateQueries({ queryKey: reservationKeys.mine });
    },
    // A slot taken meanwhile: fresh times, and the guest's typing stays.
    onError: () => void queryClient.invalidateQueries({ queryKey: reservationKeys.allAvailability }),
  });

  if (booked) {
    return (
      <Suspense fallback={<Spinner />}>
        <BookingConfirmation reservation={booked} />
      </Suspense>
    );
  }
  return (
    <div className="space-y-5 rounded-lg bg-white p-5 shadow-sm sm:p-8">
      {user.isAdmin && <Banner kind="info">{bookingMessages.adminMode}</Banner>}
      <ReservationForm
        isAdmin={user.isAdmin}
        pickTables={user.isAdmin}
        initial={{
          name: '',
          phone: '',
          date: '',
          partySize: '',
          seatType: 'table',
          startTime: null,
          // The admin books for callers: their own address would send the guest's reminder to the owner.
          reminderEmail: user.isAdmin ? '' : user.email,
          specialRequests: '',
        }}
        submitLabel="Reserve"
        busyLabel="Reserving…"
        busy={create.isPending}
        failure={create.error}
        describeFailure={(error) => userMessage(error, bookingMessages.createFailed)}
        onSubmit={(input) => {
          const booking = JSON.stringify(input);
          if (attempt.current?.booking !== booking) attempt.current = { booking, id: newBookingId() };
          create.mutate({ ...input, id: attempt.current.id });
        }}
      />
    </div>
  );
}
