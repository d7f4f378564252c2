import { useRef } from 'react';
import { formatTime12h } from '../../booking/clock';
import { nextSteps } from '../../booking/service-steps';
import type { AdminReservation } from '../../shared/reservation';
import { SERVICE_STATUS_LABELS, type ServiceStatus } from '../../shared/service-status';
import { userMessage } from '../api/api-client';
import { useSetServiceStatus } from './api/set-service-status';
import { partyName } from './party-name';
import { timeAt, useRestaurantNow } from './restaurant-time';

/** Each status's colour; the label always says it too, so colour is never the only sign. */
export const STATUS_COLOURS: Record<ServiceStatus, string> = {
  booked: 'bg-stone-100 text-stone-800 ring-stone-300',
  arrived: 'bg-sky-100 text-sky-900 ring-sky-300',
  seated: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  finished: 'bg-stone-700 text-white ring-stone-700',
  'no-show': 'bg-red-100 text-red-900 ring-red-300',
};

const stepButton =
  'inline-flex min-h-11 items-center justify-center rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-60';

/** A party's status as a labelled badge (the table layout and the timeline show it too). */
export function StatusBadge({ status }: { status: ServiceStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_COLOURS[status]}`}>
      {SERVICE_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * The host's marks on a party, on its card: the status and since when, a button for each step the rules allow now
 * (booking/service-steps.ts: on the day, a No-show once the seating has begun), and Undo of the last one.
 */
export function ServiceStatusControl({ reservation }: { reservation: AdminReservation }) {
  const mark = useSetServiceStatus();
  const { status, since, undoTo, freedFrom } = reservation.service;
  const steps = nextSteps(status, { ...useRestaurantNow(), reservation });
  // The button pressed goes once the mark is made: focus moves to the status, which says the new one.
  const statusLine = useRef<HTMLParagraphElement>(null);
  const send = (to: ServiceStatus) =>
    mark.mutate({ id: reservation.id, from: status, to }, { onSuccess: () => statusLine.current?.focus() });
  return (
    <div className="mt-3 space-y-2 border-t border-stone-100 pt-3">
      <p
        ref={statusLine}
        tabIndex={-1}
        aria-live="polite"
        className="flex flex-wrap items-center gap-2 text-sm text-stone-700"
      >
        <span className="font-semibold text-stone-900">Status</span>
        <StatusBadge status={status} />
        {since && <span>since {timeAt(since)}</span>}
        {status === 'finished' && freedFrom !== null && (
          <span className="font-semibold text-emerald-800">· tables free from {formatTime12h(freedFrom)}</span>
        )}
      </p>
      {(steps.length > 0 || undoTo) && (
        <div className="flex flex-wrap gap-2">
          {steps.map((step) => (
            <button
              key={step}
              type="button"
              className={stepButton}
              disabled={mark.isPending}
              aria-label={`Mark ${SERVICE_STATUS_LABELS[step]}: ${partyName(reservation)}`}
              onClick={() => send(step)}
            >
              Mark {SERVICE_STATUS_LABELS[step]}
            </button>
          ))}
          {undoTo && (
            <button
              type="button"
              className={stepButton}
              disabled={mark.isPending}
              aria-label={`Undo ${SERVICE_STATUS_LABELS[status]}: ${partyName(reservation)}`}
              onClick={() => send(undoTo)}
            >
              Undo
            </button>
          )}
        </div>
      )}
      {mark.isError && (
        <p role="alert" className="text-sm text-red-800">
          {userMessage(mark.error, 'The mark could not be saved. Please try again.')}
        </p>
      )}
    </div>
  );
}
