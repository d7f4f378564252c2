import { useEffect, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { todayIn } from '../../booking/calendar';
import * as adminMessages from '../../shared/messages/admin';
import * as bookingMessages from '../../shared/messages/booking';
import * as myReservationsMessages from '../../shared/messages/my-reservations';
import { userMessage } from '../api/api-client';
import { appConfig } from '../app-config';
import { Banner, type BannerMessage } from '../components/banner';
import { primaryButton, secondaryButton } from '../components/buttons';
import { Spinner } from '../components/spinner';
import { changedFields } from '../../booking/editable-fields';
import { toFormValues } from '../reservation-ui/form-values';
import { ReservationForm } from '../reservation-ui/reservation-form';
import type { Reservation } from '../../shared/reservation';
import { AdminReservationCard } from './admin-reservation-card';
import { BackupStatus } from './backup-status';
import { CancelDialog } from './cancel-dialog';
import { ChangeSeatsPanel } from './change-seats-panel';
import { ExportReservations } from './export-reservations';
import { MailStatus } from './mail-status';
import { searchReservations } from './search';
import { TableLayout } from './table-layout';
import { useAllReservations, useCancelReservation, useEditReservation, useLiveDay, useTables } from './use-admin-api';

type Mode = 'date' | 'search';
type Panel = { kind: 'edit' | 'seats'; id: string } | null;

// The card's button that opens a panel, and the panel's heading: focus goes to the heading on opening, and back
// to the button on closing, so the keyboard keeps its place in a long list.
const openerId = (panel: NonNullable<Panel>) => `${panel.kind}-button-${panel.id}`;
const panelHeadingId = (panel: NonNullable<Panel>) => `${panel.kind}-panel-${panel.id}`;

/** Search debounce (SPEC section 9). */
const SEARCH_DEBOUNCE_MS = 300;

export function AdminDashboard() {
  const [mode, setMode] = useState<Mode>('date');
  const [date, setDate] = useState(todayIn(appConfig.timeZone));
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  const [panel, setPanel] = useState<Panel>(null);
  const [cancelling, setCancelling] = useState<Reservation | null>(null);
  const [notices, setNotices] = useState<BannerMessage[]>([]);
  const dateId = useId();
  const searchId = useId();

  const tables = useTables();
  const day = useLiveDay(mode === 'date' && date ? date : null);
  const all = useAllReservations(mode === 'search');

  // Typing pauses for 300 ms before searching; Enter searches at once.
  useEffect(() => {
    const timer = setTimeout(() => setSearched(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const switchMode = (next: Mode) => {
    // Switching clears the results and closes any open panel (SPEC section 2).
    setMode(next);
    setPanel(null);
    setNotices([]);
    setText('');
    setSearched('');
  };

  const cancel = useCancelReservation({
    cancelled: () => {
      setNotices([{ kind: 'success', text: myReservationsMessages.cancelled }]);
      setCancelling(null);
    },
    failed: (error) => {
      setCancelling(null);
      setNotices([{ kind: 'error', text: userMessage(error, myReservationsMessages.cancelFailed) }]);
    },
  });

  const edit = useEditReservation({
    sending: () => setNotices([{ kind: 'info', text: myReservationsMessages.updating }]),
    edited: () => {
      setNotices([{ kind: 'success', text: myReservationsMessages.updated }]);
      closePanel();
    },
    // The failure shows in the form being edited (it clears a time taken meanwhile).
    failed: () => setNotices([]),
  });

  const openPanel = (next: NonNullable<Panel>) => {
    flushSync(() => {
      edit.reset();
      setPanel(next);
    });
    document.getElementById(panelHeadingId(next))?.focus();
  };
  const closePanel = () => {
    if (!panel) return;
    flushSync(() => setPanel(null));
    document.getElementById(openerId(panel))?.focus();
  };

  const list: Reservation[] =
    mode === 'date' ? (day.data?.reservations ?? []) : searchReservations(all.data?.reservations ?? [], searched);
  const loading = mode === 'date' ? Boolean(date) && day.isPending : Boolean(searched.trim()) && all.isPending;
  const failed = mode === 'date' ? day.isError : all.isError;

  const print = () => {
    if (list.length === 0) {
      setNotices([{ kind: 'warning', text: adminMessages.nothingToPrint }]);
      return;
    }
    const query: Record<string, string> = mode === 'date' ? { date } : { q: searched };
    window.open(`/admin/print?${new URLSearchParams(query).toString()}`, '_blank', 'noopener');
  };

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-stone-900">Admin Dashboard</h1>
        <button type="button" className={primaryButton} onClick={print}>
          Print Reservations ({list.length})
        </button>
      </div>
      <Banner kind="info">{bookingMessages.adminMode}</Banner>
      <MailStatus />

      <div role="group" aria-label="Search mode" className="flex gap-2">
        {(
          [
            ['date', 'Search by Date'],
            ['search', 'Search by Name/Email'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            onClick={() => switchMode(value)}
            className={mode === value ? primaryButton : secondaryButton}
          >
            {label}
          </button>
        ))}
      </div>

      {notices.map((notice) => (
        <Banner key={notice.text} kind={notice.kind}>
          {notice.text}
        </Banner>
      ))}

      {mode === 'date' ? (
        <div className="space-y-2">
          <label htmlFor={dateId} className="block text-sm font-medium text-stone-800">
            Date
          </label>
          <div className="flex flex-wrap items-center gap-3">
            <input
              id={dateId}
              type="date"
              value={date}
              onChange={(e) => {
                setDate(e.target.value);
                setPanel(null);
              }}
              className="rounded-md border border-stone-300 px-3 py-2"
            />
            {date && (
              <span className="text-xs text-stone-600" role="status">
                {day.streamState === 'live'
                  ? 'Live: changes appear as they happen'
                  : day.streamState === 'paused'
                    ? 'Live updates paused, reconnecting...'
                    : day.streamState === 'reconnecting'
                      ? 'Reconnecting…'
                      : 'Connecting…'}
              </span>
            )}
          </div>
        </div>
      ) : (
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setSearched(text);
          }}
          className="space-y-2"
        >
          <label htmlFor={searchId} className="block text-sm font-medium text-stone-800">
            Customer name or email
          </label>
          <input
            id={searchId}
            type="search"
            value={text}
            placeholder={adminMessages.searchPlaceholder}
            onChange={(e) => setText(e.target.value)}
            className="block w-full rounded-md border border-stone-300 px-3 py-2"
          />
          {text && <p className="text-xs text-stone-600">{adminMessages.searchHint}</p>}
          {searched.trim() && all.isSuccess && (
            <p className="text-sm text-stone-800" role="status">
              Searching for: {searched.trim()} · Found {list.length} result(s)
            </p>
          )}
        </form>
      )}

      {mode === 'date' && date && tables.data && <TableLayout tables={tables.data.tables} reservations={list} />}

      <section aria-labelledby="list-heading" className="space-y-3">
        <h2 id="list-heading" className="text-xl font-semibold text-stone-900">
          Reservations
        </h2>
        {loading ? (
          <Spinner label="Loading reservations" />
        ) : failed ? (
          <Banner kind="error">{adminMessages.loadAdminFailed}</Banner>
        ) : list.length === 0 ? (
          <p className="text-stone-700">
            {mode === 'date'
              ? date
                ? adminMessages.noneForDate
                : adminMessages.selectDateFirst
              : searched.trim()
                ? adminMessages.noneForSearch
                : adminMessages.enterSearch}
          </p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {list.map((reservation) => (
              <li key={reservation.id}>
                <AdminReservationCard
                  reservation={reservation}
                  onEdit={() => openPanel({ kind: 'edit', id: reservation.id })}
                  onChangeSeats={() => openPanel({ kind: 'seats', id: reservation.id })}
                  onCancel={() => setCancelling(reservation)}
                  panel={
                    panel?.id !== reservation.id ? null : panel.kind === 'seats' ? (
                      <ChangeSeatsPanel
                        reservation={reservation}
                        headingId={panelHeadingId(panel)}
                        onClose={closePanel}
                        onSaved={(saved) => {
                          setNotices(saved);
                          closePanel();
                        }}
                      />
                    ) : (
                      <section aria-labelledby={panelHeadingId(panel)} className="mt-4 border-t border-stone-200 pt-4">
                        <h3 id={panelHeadingId(panel)} tabIndex={-1} className="mb-4 font-semibold text-stone-900">
                          Edit reservation
                        </h3>
                        <ReservationForm
                          isAdmin
                          excludeId={reservation.id}
                          initial={toFormValues(reservation)}
                          submitLabel="Save Changes"
                          busyLabel="Saving…"
                          busy={edit.isPending}
                          failure={edit.error}
                          describeFailure={(error) => userMessage(error, bookingMessages.updateFailed)}
                          missingTimeMessage={adminMessages.noTimeSelected}
                          onSubmit={(input) =>
                            edit.mutate({ id: reservation.id, changes: changedFields(reservation, input) })
                          }
                          onCancel={closePanel}
                        />
                      </section>
                    )
                  }
                  editButtonId={openerId({ kind: 'edit', id: reservation.id })}
                  seatsButtonId={openerId({ kind: 'seats', id: reservation.id })}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <ExportReservations />
      <BackupStatus />

      <p className="text-sm text-stone-600">
        Guest details are confidential and used only to run reservations. See the{' '}
        <Link className="underline" to="/privacy">
          privacy policy
        </Link>
        .
      </p>

      {cancelling && (
        <CancelDialog
          busy={cancel.isPending}
          onNo={() => setCancelling(null)}
          onYes={() => cancel.mutate(cancelling.id)}
        />
      )}
    </section>
  );
}
