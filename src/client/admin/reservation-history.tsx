import { useId, useState } from 'react';
import { formatTime12h } from '../../booking/clock';
import { countOf } from '../../booking/words';
import { SERVICE_STATUS_LABELS } from '../../shared/service-status';
import type { HistoryLine } from '../../shared/reservation-history';
import { useReservationHistory } from './api/get-reservation-history';
import { dateAndTimeAt } from './restaurant-time';

/** An edited field as the host reads it. */
const FIELD_NAMES: Record<string, string> = {
  name: 'name',
  phoneNumber: 'phone',
  reservationDate: 'date',
  partySize: 'party size',
  seatType: 'seat type',
  startTime: 'time',
  reminderEmail: 'reminder email',
  specialRequests: 'requests',
};

/** "3 hours", "2 days": how long before the seating a cancel came. */
function ahead(minutes: number): string {
  const span = Math.abs(minutes);
  const said =
    span >= 48 * 60
      ? countOf(Math.round(span / (24 * 60)), 'day')
      : span >= 120
        ? countOf(Math.round(span / 60), 'hour')
        : countOf(span, 'minute');
  return minutes >= 0 ? `${said} before the seating` : `${said} after the seating began`;
}

/** An edited field, and its values when the record keeps them (a personal detail's it does not). */
function editText(field: string, before: unknown, after: unknown): string {
  const name = FIELD_NAMES[field] ?? field;
  if (before === null || after === null) return name;
  if (field === 'startTime') return `${name} ${formatTime12h(Number(before))} to ${formatTime12h(Number(after))}`;
  const shown = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  return `${name} ${shown(before)} to ${shown(after)}`;
}

/** One line of history in words. */
export function historyText(line: HistoryLine): string {
  switch (line.action) {
    case 'created':
      return line.after.walkIn ? 'Walked in, seated' : 'Booked';
    case 'edited':
      return `Edited: ${Object.keys(line.after)
        .map((field) => editText(field, line.before[field], line.after[field]))
        .join(', ')}`;
    case 'seats':
      return `Seats changed: ${line.before.tableIds.join(', ') || 'none'} to ${line.after.tableIds.join(', ') || 'none'}`;
    case 'status':
      return `${SERVICE_STATUS_LABELS[line.before.status]} to ${SERVICE_STATUS_LABELS[line.after.status]}`;
    case 'cancelled':
      return `Cancelled, ${ahead(line.after.minutesBeforeSeating)}`;
  }
}

/** The card's history, read when opened: what happened to the reservation, by whom and when. */
export function ReservationHistory({ reservationId }: { reservationId: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div className="mt-2 text-sm">
      <button
        type="button"
        className="min-h-11 font-semibold text-red-900 underline-offset-2 hover:underline"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide history' : 'History'}
      </button>
      {/* Its read is made only once opened: a night's list has hundreds of cards. */}
      {open && <HistoryLines id={listId} reservationId={reservationId} />}
    </div>
  );
}

function HistoryLines({ id, reservationId }: { id: string; reservationId: string }) {
  const history = useReservationHistory(reservationId, true);
  return (
    <div id={id}>
      {history.isPending ? (
        <p className="text-stone-600">Loading history…</p>
      ) : history.isError ? (
        <p role="alert" className="text-red-800">
          The history could not be loaded. Please try again.
        </p>
      ) : history.data.history.length === 0 ? (
        <p className="text-stone-600">Nothing recorded yet: this reservation was made before history was kept.</p>
      ) : (
        <ol className="space-y-1">
          {history.data.history.map((line, index) => (
            <li key={index} className="border-l-2 border-stone-300 pl-3">
              <span className="text-stone-900">{historyText(line)}</span>
              <span className="text-stone-600">
                {' '}
                · {dateAndTimeAt(line.at)} · {line.by}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
