import { lazy, Suspense, useId } from 'react';
import { bookingWindow } from '../../booking/booking-window';
import { todayIn } from '../../booking/calendar';
import * as bookingMessages from '../../shared/messages/booking';
import { formatPhoneInput } from '../../booking/phone';
import type { CreateReservationInput } from '../../booking/reservation-schemas';
import { OFFLINE_MESSAGE } from '../api/api-client';
import { appConfig, phoneHref } from '../app-config';
import { Banner } from '../components/banner';
import { choiceButton, primaryButton, secondaryButton } from '../components/buttons';
import { Spinner } from '../components/spinner';
import { TextField } from '../components/text-field';
import { SelectField } from '../components/select-field';
import { formatTime12h } from './format';
import { SeatTypeToggle } from './seat-type-toggle';
import { useReservationFormState, type ReservationFormValues } from './use-reservation-form-state';
import { useAvailableTimes } from './use-reservation-queries';

export type { ReservationFormValues };

/** Which form this is: who fills it in, and for what. */
export type ReservationFormMode =
  /** A booking on /: the admin picks tables by hand once a time is chosen. */
  | { kind: 'book'; isAdmin: boolean }
  /** A change to one's own reservation on My Reservations: the seat type stays (SPEC section 2). */
  | { kind: 'editOwn'; isAdmin: boolean; reservationId: string }
  /** The admin's change to any reservation: saving without a time says `missingTimeMessage` (no disabled button). */
  | { kind: 'editAny'; isAdmin: true; reservationId: string; missingTimeMessage: string };

interface Props {
  mode: ReservationFormMode;
  initial: ReservationFormValues;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The last submission's failure, shown at the top of the form; a time taken meanwhile is cleared. */
  failure?: Error | null;
  /** The failure as the guest reads it. */
  describeFailure?: (failure: Error) => string;
  onSubmit: (values: CreateReservationInput) => void;
  onCancel?: () => void;
}

const ADMIN_PARTY_CHOICES = 20;

// Only the admin picks tables by hand; guests never download the picker (nor its summary of the tables chosen).
const AdminTablePicker = lazy(() => import('./admin-table-picker').then((m) => ({ default: m.AdminTablePicker })));
// Why a date cannot be booked at all: rarely needed, so loaded when it is.
const DateRefusalNote = lazy(() => import('./date-refusal-note').then((m) => ({ default: m.DateRefusalNote })));

/** The reservation form: a guest's or the admin's booking on /, and the edits of My Reservations and the admin. */
export function ReservationForm({
  mode,
  initial,
  submitLabel,
  busyLabel,
  busy,
  failure = null,
  describeFailure = (error) => error.message,
  onSubmit,
  onCancel,
}: Props) {
  const { isAdmin } = mode;
  const pickTables = mode.kind === 'book' && mode.isAdmin;
  const missingTimeMessage = mode.kind === 'editAny' ? mode.missingTimeMessage : undefined;
  const { formRef, failureRef, submit, preloadSchemas, loadFailed, ...form } = useReservationFormState({
    initial,
    failure,
    missingTimeMessage,
    onValid: onSubmit,
  });
  const { values } = form;
  const awaitingTables = Boolean(pickTables && values.startTime !== null && !values.tableIds);
  const largeParty = values.partySize === '7+';

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={preloadSchemas}
      className="space-y-5"
    >
      {failure && (
        <div ref={failureRef} tabIndex={-1}>
          <Banner kind="error">{describeFailure(failure)}</Banner>
        </div>
      )}
      {loadFailed && <Banner kind="error">{OFFLINE_MESSAGE}</Banner>}
      <GuestAndParty form={form} isAdmin={isAdmin} />
      {!largeParty && <SeatAndTime form={form} mode={mode} pickTables={pickTables} />}
      <ReminderAndRequests form={form} />
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          className={primaryButton}
          disabled={busy || largeParty || awaitingTables || (values.startTime === null && !missingTimeMessage)}
        >
          {busy ? busyLabel : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className={secondaryButton} onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** The fields' values, errors and setter, as the pieces of the form read them. */
type FormState = Pick<
  ReturnType<typeof useReservationFormState>,
  'values' | 'set' | 'errors' | 'dateError' | 'partyNumber'
>;

/** Who is booking, and for when and how many: the form's first four fields, and a party too large to book. */
function GuestAndParty({ form, isAdmin }: { form: FormState; isAdmin: boolean }) {
  const { values, set, errors } = form;
  // Guests: up to 6, or the owner's cap on guests per seating; a larger party calls (its choice keeps the value 7+).
  const largest = isAdmin ? ADMIN_PARTY_CHOICES : appConfig.guestMaxParty;
  const dateWindow = bookingWindow(isAdmin ? 'admin' : 'guest', todayIn(appConfig.timeZone), appConfig.guestDaysAhead);
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          autoComplete="name"
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <TextField
          label="Phone Number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="555-123-4567"
          value={values.phoneNumber}
          error={errors.phoneNumber}
          onChange={(e) => set('phoneNumber', formatPhoneInput(e.target.value))}
        />
        <TextField
          label="Date"
          type="date"
          min={dateWindow.first}
          max={dateWindow.last}
          value={values.reservationDate}
          error={form.dateError}
          hint={appConfig.openDaysHint}
          onChange={(e) => set('reservationDate', e.target.value)}
        />
        <SelectField
          label="Number of Guests"
          value={values.partySize}
          error={errors.partySize}
          onChange={(e) => set('partySize', e.target.value)}
        >
          <option value="">Select guests</option>
          {Array.from({ length: largest }, (_, i) => i + 1).map((n) => (
            <option key={n} value={String(n)}>
              {n} {n === 1 ? 'guest' : 'guests'}
            </option>
          ))}
          {!isAdmin && <option value="7+">{largest + 1} or more</option>}
        </SelectField>
      </div>
      {values.partySize === '7+' && (
        <Banner kind="info">
          For parties of {largest + 1} or more, please call us at{' '}
          <a className="font-semibold underline" href={phoneHref(appConfig.phone)}>
            {appConfig.phone}
          </a>
          .
        </Banner>
      )}
    </>
  );
}

/** The seat type and the times open for it; the admin booking then picks tables by hand. */
function SeatAndTime({ form, mode, pickTables }: { form: FormState; mode: ReservationFormMode; pickTables: boolean }) {
  const { values, set, errors, partyNumber, dateError } = form;
  const timesId = useId();
  // The reservation being changed: its own tables count as free.
  const excludeId = mode.kind === 'book' ? undefined : mode.reservationId;
  const times = useAvailableTimes(values.reservationDate, partyNumber, values.seatType, excludeId);
  return (
    <>
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">Seat Type</legend>
        <div className="mt-2 flex gap-3">
          <SeatTypeToggle
            value={values.seatType}
            disabled={mode.kind === 'editOwn'}
            onChange={(type) => set('seatType', type)}
            className="flex-1 py-3 disabled:cursor-not-allowed disabled:opacity-70"
          />
        </div>
      </fieldset>

      <fieldset aria-describedby={errors.startTime ? `${timesId}-error` : undefined}>
        <legend className="text-sm font-medium text-stone-800">Available Times</legend>
        {pickTables && values.startTime !== null && partyNumber !== null ? (
          <Suspense fallback={<Spinner />}>
            <AdminTablePicker
              date={values.reservationDate}
              startTime={values.startTime}
              seatType={values.seatType}
              partySize={partyNumber}
              chosen={values.tableIds ?? null}
              onChoose={(chosen) => set('tableIds', chosen)}
              onBack={() => set('startTime', null)}
            />
          </Suspense>
        ) : (
          <AvailableTimes
            isAdmin={mode.isAdmin}
            state={times}
            ready={Boolean(values.reservationDate && partyNumber && !dateError)}
            dateRefused={Boolean(dateError)}
            selected={values.startTime}
            onSelect={(time) => set('startTime', time)}
          />
        )}
        {errors.startTime && (
          <p id={`${timesId}-error`} className="mt-1 text-sm text-red-700">
            {errors.startTime}
          </p>
        )}
      </fieldset>
    </>
  );
}

/** The reminder address and the free-text requests, last in the form. */
function ReminderAndRequests({ form: { values, set, errors } }: { form: FormState }) {
  const requestsId = useId();
  return (
    <>
      <TextField
        label="Reminder Email"
        type="email"
        autoComplete="email"
        value={values.reminderEmail}
        error={errors.reminderEmail}
        hint="We use it only to send you a reminder on the morning of your reservation."
        onChange={(e) => set('reminderEmail', e.target.value)}
      />
      <div>
        <label htmlFor={requestsId} className="block text-sm font-medium text-stone-800">
          Special requests (optional)
        </label>
        <textarea
          id={requestsId}
          rows={2}
          maxLength={500}
          placeholder="Allergies, a birthday, a high chair…"
          value={values.specialRequests}
          onChange={(e) => set('specialRequests', e.target.value)}
          className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 text-base"
        />
      </div>
    </>
  );
}

function AvailableTimes({
  isAdmin,
  state,
  ready,
  dateRefused,
  selected,
  onSelect,
}: {
  isAdmin: boolean;
  state: ReturnType<typeof useAvailableTimes>;
  ready: boolean;
  dateRefused: boolean;
  selected: number | null;
  onSelect: (time: number) => void;
}) {
  if (!ready)
    return (
      <p className="mt-2 text-sm text-stone-600">
        {dateRefused
          ? 'Choose another date to see available times.'
          : 'Choose a date and the number of guests to see available times.'}
      </p>
    );
  const loading = (
    <p role="status" className="mt-2 text-sm text-stone-600">
      Loading available times…
    </p>
  );
  if (state.isPending) return loading;
  if (state.isError)
    return (
      <Banner kind="error" className="mt-2">
        {bookingMessages.availabilityFailed}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void state.refetch()}>
          Retry
        </button>
      </Banner>
    );
  if (state.data.refusal) {
    return (
      <Suspense fallback={loading}>
        <DateRefusalNote reason={state.data.refusal} date={state.data.date} note={state.data.note} isAdmin={isAdmin} />
      </Suspense>
    );
  }
  if (state.data.times.length === 0) {
    return (
      <p className="mt-2 text-sm text-stone-700">No times are available on this date. Please choose another date.</p>
    );
  }
  return (
    <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
      {state.data.times.map((time) => (
        <button
          key={time}
          type="button"
          aria-pressed={selected === time}
          onClick={() => onSelect(time)}
          className={`px-2 py-2 text-sm font-semibold ${choiceButton(selected === time)}`}
        >
          {formatTime12h(time)}
        </button>
      ))}
    </div>
  );
}
