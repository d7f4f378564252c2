import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import * as bookingMessages from '../../shared/messages/booking';
import * as myReservationsMessages from '../../shared/messages/my-reservations';
import { userMessage } from '../api/api-client';
import { RequireSignIn } from '../auth/use-require-sign-in';
import type { SessionUser } from '../auth/use-auth';
import { Banner, type BannerMessage } from '../components/banner';
import { primaryButton, secondaryButton } from '../components/buttons';
import { AddToCalendar } from './add-to-calendar';
import { Spinner } from '../components/spinner';
import { useDocumentTitle } from '../layout/use-document-title';
import { formatLongDate, partyLabel, seatTypeLabel, timeRange } from '../reservation-ui/format';
import { ReservationForm } from '../reservation-ui/reservation-form';
import { formatPhoneInput } from '../../booking/phone';
import { hasBegun } from '../../booking/booking-window';
import { todayIn } from '../../booking/calendar';
import { clockIn } from '../../booking/wall-clock';
import { appConfig } from '../app-config';
import { changedFields } from '../../booking/editable-fields';
import { toFormValues } from '../reservation-ui/form-values';
import { upcomingAndPast } from './upcoming-and-past';
import type { Reservation } from '../../shared/reservation';
import { useMyReservations } from '../reservation-ui/use-reservation-queries';
import { useCancelReservation, useUpdateReservation } from '../reservation-ui/use-reservation-writes';
import { reservationKeys } from '../reservation-ui/use-reservation-queries';

/** What a guest is told of a reservation they had open that is gone (cancelled in another tab, or by the restaurant). */
const CANCELLED_ELSEWHERE =
  'This reservation was cancelled elsewhere (in another tab, on another device, or by the restaurant), so it is no longer in your list.';

/** /my-reservations: the signed-in guest's reservations, to edit or cancel. */
export function MyReservationsPage() {
  useDocumentTitle('My Reservations');
  return (
    <RequireSignIn message={myReservationsMessages.signInToView}>
      {(user) => <MyReservations user={user} />}
    </RequireSignIn>
  );
}

function MyReservations({ user }: { user: SessionUser }) {
  const list = useMyReservations();
  const [notice, setNotice] = useState<BannerMessage | null>(null);
  const noticeRef = useFocusedResult(notice);
  const editing = useEditingInPlace();
  const { cancel, update } = useOwnWrites({ say: setNotice, editDone: () => editing.stop() });
  const startEditing = (id: string) =>
    editing.start(id, () => {
      setNotice(null);
      update.reset();
    });
  const { timeZone } = appConfig;
  const [today, nowHhmm] = [todayIn(timeZone), clockIn(timeZone)];

  if (list.isPending) return <Spinner label="Loading your reservations" />;
  const { upcoming, past } = upcomingAndPast(list.data?.reservations ?? [], today, nowHhmm);

  const listItem = (reservation: Reservation) => (
    <li key={reservation.id}>
      {editing.id === reservation.id ? (
        <EditOwnReservation
          reservation={reservation}
          isAdmin={user.isAdmin}
          update={update}
          onCancel={() => editing.stop(reservation.id)}
        />
      ) : (
        <ReservationCard
          reservation={reservation}
          begun={hasBegun(reservation, today, nowHhmm)}
          onEdit={() => startEditing(reservation.id)}
          onCancel={() => {
            if (window.confirm(myReservationsMessages.confirmCancel)) cancel.mutate(reservation.id);
          }}
          busy={cancel.isPending && cancel.variables === reservation.id}
        />
      )}
    </li>
  );

  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold text-stone-900">My Reservations</h1>
      {notice && (
        <div ref={noticeRef} tabIndex={-1}>
          <Banner kind={notice.kind}>{notice.text}</Banner>
        </div>
      )}
      {list.isError ? (
        <Banner kind="error">{myReservationsMessages.loadOwnFailed}</Banner>
      ) : list.data.reservations.length === 0 ? (
        <NothingToShow text={myReservationsMessages.noneYet} />
      ) : (
        <>
          <section aria-labelledby="upcoming-heading" className="space-y-4">
            <h2 id="upcoming-heading" className="text-xl font-semibold text-stone-900">
              Upcoming
            </h2>
            {upcoming.length === 0 ? (
              <NothingToShow text="You have no upcoming reservations." />
            ) : (
              <ul className="space-y-4">{upcoming.map(listItem)}</ul>
            )}
          </section>
          {past.length > 0 && (
            <section aria-labelledby="past-heading" className="space-y-4">
              <h2 id="past-heading" className="text-xl font-semibold text-stone-900">
                Past
              </h2>
              <ul className="space-y-4">{past.map(listItem)}</ul>
            </section>
          )}
        </>
      )}
      <p className="text-sm text-stone-600">
        We use your email only to send you a reminder on the morning of your reservation.
      </p>
    </section>
  );
}

/** A result (not the "Updating" note) takes the focus: it is read out, and scrolled into view on a phone. */
function useFocusedResult(notice: BannerMessage | null) {
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice && (notice.kind !== 'info' || notice.text === CANCELLED_ELSEWHERE)) noticeRef.current?.focus();
  }, [notice]);
  return noticeRef;
}

/**
 * Which reservation is edited in place of its card. Opening and closing the form keeps the keyboard's place: the
 * form's heading, then the card's Edit.
 */
function useEditingInPlace() {
  const [id, setId] = useState<string | null>(null);
  return {
    id,
    start(next: string, first: () => void) {
      flushSync(() => {
        first();
        setId(next);
      });
      document.getElementById(`edit-${next}`)?.focus();
    },
    /** Closes the form; with the reservation's id, the focus goes back to its Edit. */
    stop(was?: string) {
      flushSync(() => setId(null));
      if (was) document.getElementById(`edit-button-${was}`)?.focus();
    },
  };
}

/** The guest's cancel and edit, saying each outcome in the page's notice. */
function useOwnWrites({ say, editDone }: { say: (notice: BannerMessage | null) => void; editDone: () => void }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: reservationKeys.mine });
  const gone = () => say({ kind: 'info', text: CANCELLED_ELSEWHERE });
  const cancel = useCancelReservation({
    refresh,
    cancelled: () => say({ kind: 'success', text: myReservationsMessages.cancelled }),
    gone,
    failed: (error) => say({ kind: 'error', text: userMessage(error, myReservationsMessages.cancelFailed) }),
  });
  const update = useUpdateReservation({
    refresh,
    sending: () => say({ kind: 'info', text: myReservationsMessages.updating }),
    updated: () => {
      say({ kind: 'success', text: myReservationsMessages.updated });
      editDone();
    },
    gone: () => {
      gone();
      editDone();
    },
    // The failure shows in the form, where the guest is.
    failed: () => say(null),
  });
  return { cancel, update };
}

/** A reservation being edited in place of its card: the shared form, the seat type kept (SPEC section 5). */
function EditOwnReservation({
  reservation,
  isAdmin,
  update,
  onCancel,
}: {
  reservation: Reservation;
  isAdmin: boolean;
  update: ReturnType<typeof useOwnWrites>['update'];
  onCancel: () => void;
}) {
  return (
    <div className="rounded-lg bg-white p-5 shadow-sm">
      <h3 id={`edit-${reservation.id}`} tabIndex={-1} className="mb-4 text-lg font-semibold text-stone-900">
        Edit reservation
      </h3>
      <ReservationForm
        mode={{ kind: 'editOwn', isAdmin, reservationId: reservation.id }}
        initial={toFormValues(reservation)}
        submitLabel="Save Changes"
        busyLabel="Saving…"
        busy={update.isPending}
        failure={update.error}
        describeFailure={(error) => userMessage(error, bookingMessages.updateFailed)}
        onSubmit={(input) => update.mutate({ id: reservation.id, changes: changedFields(reservation, input) })}
        onCancel={onCancel}
      />
    </div>
  );
}

/** An empty list's words, and the way to a first booking. */
function NothingToShow({ text }: { text: string }) {
  return (
    <div className="space-y-4 rounded-lg bg-white p-6 text-center shadow-sm">
      <p className="text-stone-700">{text}</p>
      <Link to="/" className={primaryButton}>
        Make Reservation
      </Link>
    </div>
  );
}

function ReservationCard({
  reservation,
  begun,
  onEdit,
  onCancel,
  busy,
}: {
  reservation: Reservation;
  /** Its seating has begun: no longer the guest's to change (the server refuses too). */
  begun: boolean;
  onEdit: () => void;
  onCancel: () => void;
  busy: boolean;
}) {
  return (
    <article
      className="rounded-lg bg-white p-5 shadow-sm"
      aria-label={`Reservation on ${formatLongDate(reservation.reservationDate)}`}
    >
      <h3 className="text-lg font-semibold text-stone-900">{formatLongDate(reservation.reservationDate)}</h3>
      <p className="text-stone-800">
        {timeRange(reservation.startTime, reservation.endTime)} · {partyLabel(reservation.partySize)}
      </p>
      <dl className="mt-3 grid grid-cols-[7rem_1fr] gap-1 text-sm text-stone-800">
        <dt className="font-semibold">Name</dt>
        <dd>{reservation.name}</dd>
        <dt className="font-semibold">Phone</dt>
        <dd>{formatPhoneInput(reservation.phoneNumber)}</dd>
        <dt className="font-semibold">Seat Type</dt>
        <dd>{seatTypeLabel(reservation.seatType)}</dd>
        {reservation.specialRequests && (
          <>
            <dt className="font-semibold">Requests</dt>
            <dd>{reservation.specialRequests}</dd>
          </>
        )}
      </dl>
      {begun ? (
        <p className="mt-4 text-sm text-stone-600">This reservation has taken place.</p>
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" id={`edit-button-${reservation.id}`} className={secondaryButton} onClick={onEdit}>
            Edit
          </button>
          <button type="button" className={secondaryButton} onClick={onCancel} disabled={busy}>
            {busy ? 'Cancelling…' : 'Cancel'}
          </button>
          <AddToCalendar reservation={reservation} />
        </div>
      )}
    </article>
  );
}
