import { lazy, Suspense, useState } from 'react';
import * as bookingMessages from '../../shared/messages/booking';
import { userMessage } from '../api/api-client';
import { RequireSignIn } from '../auth/use-require-sign-in';
import type { SessionUser } from '../auth/use-auth';
import { Banner } from '../components/banner';
import { Spinner } from '../components/spinner';
import { useDocumentTitle } from '../layout/use-document-title';
import { ReservationForm } from '../reservation-ui/reservation-form';
import type { Reservation } from '../../shared/reservation';
import { useCreateReservation } from './use-reservation-api';

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
  const [booked, setBooked] = useState<Reservation | null>(null);
  const create = useCreateReservation(setBooked);

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
        mode={{ kind: 'book', isAdmin: user.isAdmin }}
        initial={{
          name: '',
          phoneNumber: '',
          reservationDate: '',
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
          void loadConfirmation().catch(() => undefined);
          create.book(input);
        }}
      />
    </div>
  );
}
