import { memo, type ReactNode } from 'react';
import { formatPhoneInput } from '../../booking/phone';
import { secondaryButton } from '../components/buttons';
import { formatLongDate, partyLabel, timeRange } from '../reservation-ui/format';
import type { AdminReservation } from '../../shared/reservation';
import * as adminMessages from '../../shared/messages/admin';
import { ReservationHistory } from './reservation-history';
import { cardId } from './card-id';
import { partyName } from './party-name';
import { ServiceStatusControl } from './service-status-control';

interface Props {
  reservation: AdminReservation;
  onEdit: () => void;
  onChangeSeats: () => void;
  onCancel: () => void;
  /** The open Edit or Change Seats panel, if any: it takes the place of the card's actions. */
  panel?: ReactNode;
  editButtonId: string;
  seatsButtonId: string;
}

/**
 * One reservation in the admin's lists, drawn again only when it changed or its panel is open: a busy night's
 * snapshot (every change sends the whole day) leaves the other cards' objects as they were (TanStack Query keeps
 * what is equal), and the actions' handlers do the same for every drawing.
 */
export const AdminReservationCard = memo(
  AdminReservationCardBody,
  (before, after) => before.reservation === after.reservation && !before.panel && !after.panel,
);

/** One reservation in the admin's lists (SPEC section 2, Admin Dashboard). */
function AdminReservationCardBody({
  reservation: r,
  onEdit,
  onChangeSeats,
  onCancel,
  panel,
  editButtonId,
  seatsButtonId,
}: Props) {
  const multipleTables = r.seatType === 'table' && r.tableIds.length > 1;
  return (
    <article
      id={cardId(r.id)}
      tabIndex={-1}
      className="rounded-lg bg-white p-4 shadow-sm"
      aria-label={`${partyName(r)}, ${formatLongDate(r.reservationDate)} ${timeRange(r.startTime, r.endTime)}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-stone-900">
          {formatLongDate(r.reservationDate)} · {timeRange(r.startTime, r.endTime)}
        </h3>
        {multipleTables && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            Multiple Tables
          </span>
        )}
      </div>
      <dl className="mt-2 grid grid-cols-[6rem_1fr] gap-x-3 gap-y-1 text-sm text-stone-800">
        <dt className="font-semibold">Party</dt>
        <dd>{partyLabel(r.partySize)}</dd>
        <dt className="font-semibold">Name</dt>
        <dd>{partyName(r)}</dd>
        <dt className="font-semibold">Email</dt>
        <dd className="break-all">{r.service.walkIn ? 'None (walk-in)' : r.email}</dd>
        {r.reminderEmail !== r.email && (
          <>
            <dt className="font-semibold">Reminders</dt>
            <dd className="break-all">{r.reminderEmail}</dd>
          </>
        )}
        <dt className="font-semibold">Phone</dt>
        <dd>{formatPhoneInput(r.phoneNumber)}</dd>
        <dt className="font-semibold">Tables</dt>
        <dd>
          {r.tableIds.length ? r.tableIds.join(', ') : adminMessages.noTablesAssigned}
          {r.seatType === 'counter' && ' (Counter)'}
        </dd>
        {r.specialRequests && (
          <>
            <dt className="font-semibold">Requests</dt>
            <dd>{r.specialRequests}</dd>
          </>
        )}
      </dl>
      {/* While a panel is open its own buttons are the card's only ones: the card's Cancel (the reservation) would
          otherwise sit right above the panel's (close the panel). */}
      {panel || (
        <>
          <ServiceStatusControl reservation={r} />
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" id={editButtonId} className={secondaryButton} onClick={onEdit}>
              Edit
            </button>
            <button type="button" id={seatsButtonId} className={secondaryButton} onClick={onChangeSeats}>
              Change Seats
            </button>
            <button type="button" className={secondaryButton} onClick={onCancel}>
              Cancel
            </button>
          </div>
          <ReservationHistory reservationId={r.id} />
        </>
      )}
    </article>
  );
}
