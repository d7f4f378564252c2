import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { changedFields } from '../../booking/editable-fields';
import * as adminMessages from '../../shared/messages/admin';
import * as bookingMessages from '../../shared/messages/booking';
import * as myReservationsMessages from '../../shared/messages/my-reservations';
import type { AdminReservation } from '../../shared/reservation';
import { userMessage } from '../api/api-client';
import { Banner, type BannerMessage } from '../components/banner';
import { secondaryButton } from '../components/buttons';
import { Spinner } from '../components/spinner';
import { toFormValues } from '../reservation-ui/form-values';
import { ReservationForm } from '../reservation-ui/reservation-form';
import { AdminReservationCard } from './admin-reservation-card';
import { useCardsShown } from './cards-shown';
import { CancelDialog } from './cancel-dialog';
import { ChangeSeatsPanel } from './change-seats-panel';
import { useCancelReservation, useUpdateReservation } from '../reservation-ui/use-reservation-writes';
import { useTables } from './api/get-tables';
import { CANCELLED_ELSEWHERE, refreshAdminLists } from './api/refresh-admin-lists';

type Panel = { kind: 'edit' | 'seats'; id: string };

// The card's button that opens a panel, and the panel's heading: focus goes to the heading on opening, and back
// to the button on closing, so the keyboard keeps its place in a long list.
const openerId = (panel: Panel) => `${panel.kind}-button-${panel.id}`;
const panelHeadingId = (panel: Panel) => `${panel.kind}-panel-${panel.id}`;

interface Props {
  /** What the date view or the search view found. */
  reservations: AdminReservation[];
  loading: boolean;
  failed: boolean;
  /** Shown when nothing was found: what to do next, or that nothing matched. */
  emptyMessage: string;
  /** The dashboard's notices, which the list's writes replace. */
  setNotices: (notices: BannerMessage[]) => void;
  /** A reservation whose Change Seats panel opens once it is in the list (a link from the settings). */
  openSeatsFor?: string | undefined;
}

/** The dashboard's list, in either view: each reservation's card, with Edit, Change Seats and Cancel. */
export function ReservationList({ reservations, loading, failed, emptyMessage, setNotices, openSeatsFor }: Props) {
  const [panel, setPanel] = useState<Panel | null>(null);
  const [cancelling, setCancelling] = useState<AdminReservation | null>(null);
  const closePanel = () => {
    if (!panel) return;
    flushSync(() => setPanel(null));
    document.getElementById(openerId(panel))?.focus();
  };
  const { cancel, edit } = useListWrites({ setNotices, cancelDone: () => setCancelling(null), editDone: closePanel });
  const openPanel = (next: Panel) => {
    flushSync(() => {
      edit.reset();
      setPanel(next);
    });
    document.getElementById(panelHeadingId(next))?.focus();
  };
  useSeatsPanelFromLink({
    openSeatsFor,
    listed: reservations.some((reservation) => reservation.id === openSeatsFor),
    open: (seats) => {
      edit.reset();
      setPanel(seats);
    },
  });

  const panelOf = (reservation: AdminReservation) =>
    panel?.id === reservation.id ? (
      <ReservationPanel
        panel={panel}
        reservation={reservation}
        edit={edit}
        close={closePanel}
        saved={(notices) => {
          setNotices(notices);
          closePanel();
        }}
      />
    ) : null;

  return (
    <>
      <section aria-labelledby="list-heading" className="space-y-3">
        <h2 id="list-heading" className="text-xl font-semibold text-stone-900">
          Reservations
        </h2>
        {loading ? (
          <Spinner label="Loading reservations" />
        ) : failed ? (
          <Banner kind="error">{adminMessages.loadAdminFailed}</Banner>
        ) : reservations.length === 0 ? (
          <p className="text-stone-700">{emptyMessage}</p>
        ) : (
          <Cards
            reservations={reservations}
            keep={[openSeatsFor, panel?.id, cancelling?.id]}
            card={(reservation) => (
              <AdminReservationCard
                reservation={reservation}
                onEdit={() => openPanel({ kind: 'edit', id: reservation.id })}
                onChangeSeats={() => openPanel({ kind: 'seats', id: reservation.id })}
                onCancel={() => setCancelling(reservation)}
                panel={panelOf(reservation)}
                editButtonId={openerId({ kind: 'edit', id: reservation.id })}
                seatsButtonId={openerId({ kind: 'seats', id: reservation.id })}
              />
            )}
          />
        )}
      </section>
      {cancelling && (
        <CancelDialog
          busy={cancel.isPending}
          onNo={() => setCancelling(null)}
          onYes={() => cancel.mutate(cancelling.id)}
        />
      )}
    </>
  );
}

/** The cards drawn so far (cards-shown.ts), and below them how many are left, with a button to draw them all. */
function Cards({
  reservations,
  keep,
  card,
}: {
  reservations: AdminReservation[];
  /** Cards drawn whatever else (cards-shown.ts): the open panel's, the cancel dialog's, a link's. */
  keep: (string | undefined)[];
  card: (reservation: AdminReservation) => ReactNode;
}) {
  const ids = useMemo(() => reservations.map((reservation) => reservation.id), [reservations]);
  const { shown, end, showAll } = useCardsShown(ids, keep);
  return (
    <>
      <ul className="grid gap-3 lg:grid-cols-2">
        {reservations.slice(0, shown).map((reservation) => (
          // A card out of view is not laid out or painted until it nears it.
          <li key={reservation.id} className="[contain-intrinsic-size:auto_18rem] [content-visibility:auto]">
            {card(reservation)}
          </li>
        ))}
      </ul>
      {shown < reservations.length && (
        <div ref={end} className="flex flex-wrap items-center gap-3 text-sm text-stone-700">
          <p>
            Showing {shown} of {reservations.length} reservations; more appear as you scroll.
          </p>
          <button type="button" className={secondaryButton} onClick={showAll}>
            Show all {reservations.length}
          </button>
        </div>
      )}
    </>
  );
}

/** The list's cancel and edit, saying each outcome in the dashboard's notices. */
function useListWrites({
  setNotices,
  cancelDone,
  editDone,
}: {
  setNotices: (notices: BannerMessage[]) => void;
  cancelDone: () => void;
  editDone: () => void;
}) {
  const queryClient = useQueryClient();
  const refresh = () => refreshAdminLists(queryClient);
  const say = (kind: BannerMessage['kind'], text: string) => setNotices([{ kind, text }]);
  const cancel = useCancelReservation({
    refresh,
    gone: () => {
      cancelDone();
      say('info', CANCELLED_ELSEWHERE);
    },
    cancelled: () => {
      say('success', myReservationsMessages.cancelled);
      cancelDone();
    },
    failed: (error) => {
      cancelDone();
      say('error', userMessage(error, myReservationsMessages.cancelFailed));
    },
  });
  const edit = useUpdateReservation({
    refresh,
    sending: () => say('info', myReservationsMessages.updating),
    gone: () => {
      say('info', CANCELLED_ELSEWHERE);
      editDone();
    },
    updated: () => {
      say('success', myReservationsMessages.updated);
      editDone();
    },
    // The failure shows in the form being edited (it clears a time taken meanwhile).
    failed: () => setNotices([]),
  });
  return { cancel, edit };
}

/**
 * A link from the settings (a reservation to move off a table) opens its Change Seats panel, once: after that the
 * admin's own clicks decide what is open. It waits for the floor plan above the list too, which would otherwise
 * push the panel out of view as it arrives. Opened from an effect, the panel is focused and brought into view once
 * it has rendered (flushSync does not flush inside an effect).
 */
function useSeatsPanelFromLink({
  openSeatsFor,
  listed,
  open,
}: {
  openSeatsFor: string | undefined;
  listed: boolean;
  open: (panel: Panel) => void;
}) {
  const openedFromLink = useRef(false);
  const [linkedPanel, setLinkedPanel] = useState<Panel | null>(null);
  const laidOut = !useTables().isPending;
  useEffect(() => {
    if (!openSeatsFor || !listed || !laidOut || openedFromLink.current) return;
    openedFromLink.current = true;
    const seats: Panel = { kind: 'seats', id: openSeatsFor };
    open(seats);
    setLinkedPanel(seats);
    // `open` only sets state; running again for a new one would reopen the panel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openSeatsFor, listed, laidOut]);
  useEffect(() => {
    if (!linkedPanel) return;
    const heading = document.getElementById(panelHeadingId(linkedPanel));
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView({ block: 'center' });
  }, [linkedPanel]);
}

/** The open panel of a card: Change Seats, or the edit form. */
function ReservationPanel({
  panel,
  reservation,
  edit,
  close,
  saved,
}: {
  panel: Panel;
  reservation: AdminReservation;
  edit: ReturnType<typeof useListWrites>['edit'];
  close: () => void;
  saved: (notices: BannerMessage[]) => void;
}) {
  if (panel.kind === 'seats')
    return (
      <ChangeSeatsPanel reservation={reservation} headingId={panelHeadingId(panel)} onClose={close} onSaved={saved} />
    );
  return (
    <section aria-labelledby={panelHeadingId(panel)} className="mt-4 border-t border-stone-200 pt-4">
      <h3 id={panelHeadingId(panel)} tabIndex={-1} className="mb-4 font-semibold text-stone-900">
        Edit reservation
      </h3>
      <ReservationForm
        mode={{
          kind: 'editAny',
          isAdmin: true,
          reservationId: reservation.id,
          missingTimeMessage: adminMessages.noTimeSelected,
        }}
        initial={toFormValues(reservation)}
        submitLabel="Save Changes"
        busyLabel="Saving…"
        busy={edit.isPending}
        failure={edit.error}
        describeFailure={(error) => userMessage(error, bookingMessages.updateFailed)}
        onSubmit={(input) => edit.mutate({ id: reservation.id, changes: changedFields(reservation, input) })}
        onCancel={close}
      />
    </section>
  );
}
