import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import type { Reservation } from '../../../shared/reservation';
import { ApiError, userMessage } from '../../api/api-client';
import { Banner } from '../../components/banner';
import { primaryButton, secondaryButton } from '../../components/buttons';
import { formatLongDate, partyLabel, timeRange } from '../../reservation-ui/format';

// The pieces every settings section shares: the section's frame, and what a save answered (the reservations a
// refusal is about, each a click from Change Seats).

export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <div className="space-y-1">
        <h2 id={id} className="text-xl font-semibold text-stone-900">
          {title}
        </h2>
        {description && <p className="text-sm text-stone-700">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** The reservations a change would touch, soonest first, each with the way to move it. */
export function AffectedReservations({ reservations }: { reservations: Reservation[] }) {
  return (
    <ul className="mt-2 space-y-2">
      {reservations.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span>
            {formatLongDate(r.reservationDate)}, {timeRange(r.startTime, r.endTime)} · {r.name} ·{' '}
            {partyLabel(r.partySize)} · {r.tableIds.length ? `Tables ${r.tableIds.join(', ')}` : 'No tables'}
          </span>
          <Link
            className="font-semibold underline"
            to={`/admin?${new URLSearchParams({ date: r.reservationDate, changeSeats: r.id }).toString()}`}
          >
            Change Seats<span className="sr-only"> for {r.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * What a save answered: "Saved." once it is done; otherwise the server's words, the reservations it names, and,
 * when the server asks for it, the button that sends the change again, confirmed.
 */
export function SaveOutcome({
  saved,
  savedText = 'Saved.',
  error,
  confirmLabel,
  onConfirm,
  busy,
}: {
  saved: boolean;
  savedText?: string;
  error: Error | null;
  confirmLabel?: string;
  onConfirm?: () => void;
  busy?: boolean;
}) {
  if (saved) return <Banner kind="success">{savedText}</Banner>;
  if (!error) return null;
  const reservations = error instanceof ApiError ? error.reservations : [];
  const askConfirm = error instanceof ApiError && error.code === 'needs_confirmation' && onConfirm;
  return (
    <Banner kind={askConfirm ? 'warning' : 'error'}>
      <p>{userMessage(error, 'The change could not be saved. Please try again.')}</p>
      {reservations.length > 0 && <AffectedReservations reservations={reservations} />}
      {askConfirm && (
        <button type="button" className={`${secondaryButton} mt-3`} onClick={onConfirm} disabled={busy}>
          {confirmLabel ?? 'Save anyway'}
        </button>
      )}
    </Banner>
  );
}

/** A field's error, tied to it by id for screen readers. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

export const inputClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-stone-900 shadow-sm disabled:bg-stone-100 disabled:text-stone-500 ${
    invalid ? 'border-red-600' : 'border-stone-300'
  }`;

/** A section's form: its fields, a submit button that waits for a change, and what the save answered below it. */
export function SettingsForm({
  labelledBy,
  onSubmit,
  submitLabel,
  dirty,
  busy,
  outcome,
  children,
}: {
  /** The id of the section's heading, which names the form. */
  labelledBy: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  dirty: boolean;
  busy: boolean;
  outcome: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate aria-labelledby={labelledBy} className="space-y-4" onSubmit={onSubmit}>
      {children}
      <button type="submit" className={primaryButton} disabled={!dirty || busy}>
        {busy ? 'Saving…' : submitLabel}
      </button>
      {outcome}
    </form>
  );
}

/** The dashed box under a list where the owner adds one more (a table, a closure, a network), named by its title. */
export function AddForm({
  headingId,
  title,
  onSubmit,
  children,
}: {
  headingId: string;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form
      aria-labelledby={headingId}
      noValidate
      className="space-y-3 rounded-md border border-dashed border-stone-300 p-3"
      onSubmit={onSubmit}
    >
      <h3 id={headingId} className="font-semibold text-stone-900">
        {title}
      </h3>
      {children}
    </form>
  );
}
