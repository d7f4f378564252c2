import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { bookingWindow, isMonday } from '../../booking/booking-window';
import { todayIn } from '../../booking/calendar';
import * as bookingMessages from '../../shared/messages/booking';
import { formatPhoneInput } from '../../booking/phone';
import { GUEST_MAX_PARTY } from '../../booking/party-size';
import type { CreateReservationInput } from '../../booking/reservation-schemas';
import { ApiError, OFFLINE_MESSAGE } from '../api/api-client';
import { appConfig, phoneHref } from '../app-config';
import { Banner } from '../components/banner';
import { choiceButton, primaryButton, secondaryButton } from '../components/buttons';
import { Spinner } from '../components/spinner';
import { TextField } from '../components/text-field';
import { formatTime12h } from './format';
import { SeatTypeToggle } from './seat-type-toggle';
import { useAvailableTimes } from './use-reservation-queries';
import type { SeatType } from '../../shared/seat-types';

export interface ReservationFormValues {
  name: string;
  phone: string;
  date: string;
  /** '' until chosen; '7+' for parties that must phone. */
  partySize: string;
  seatType: SeatType;
  startTime: number | null;
  reminderEmail: string;
  specialRequests: string;
}

type Field =
  'name' | 'phoneNumber' | 'reservationDate' | 'partySize' | 'startTime' | 'reminderEmail' | 'specialRequests';
type Errors = Partial<Record<Field, string>>;

interface Props {
  initial: ReservationFormValues;
  isAdmin: boolean;
  /** Editing keeps the seat type (SPEC section 2, My Reservations). */
  seatTypeLocked?: boolean;
  /** The reservation being edited, whose own tables count as free. */
  excludeId?: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The last submission's failure, shown at the top of the form; a time taken meanwhile is cleared. */
  failure?: Error | null;
  /** The failure as the guest reads it. */
  describeFailure?: (failure: Error) => string;
  onSubmit: (values: CreateReservationInput) => void;
  onCancel?: () => void;
  /** When set, submitting without a time shows this message (the admin edit) instead of a disabled button. */
  missingTimeMessage?: string;
  /** The admin booking: choosing a time opens the manual table picker. */
  pickTables?: boolean;
}

const ADMIN_PARTY_CHOICES = 20;

/** Which error each form value answers for (the schema speaks the API's field names). */
const errorFieldOf: Partial<Record<keyof ReservationFormValues, Field>> = {
  name: 'name',
  phone: 'phoneNumber',
  date: 'reservationDate',
  partySize: 'partySize',
  startTime: 'startTime',
  reminderEmail: 'reminderEmail',
  specialRequests: 'specialRequests',
};

// The validation rules (the shared zod schemas) are not needed to show the form, only to submit it: they load
// when the form is first touched, which keeps the booking page's first load small, and are ready long before
// anyone can press the button.
const loadSchemas = () => import('../../booking/reservation-schemas');
// Only the admin picks tables by hand; guests never download the picker.
const AdminTablePicker = lazy(() => import('./admin-table-picker').then((m) => ({ default: m.AdminTablePicker })));
// Why a date cannot be booked at all: rarely needed, so loaded when it is.
const DateRefusalNote = lazy(() => import('./date-refusal-note').then((m) => ({ default: m.DateRefusalNote })));

/** The shared reservation form: booking on / and editing in My Reservations. */
export function ReservationForm({
  initial,
  isAdmin,
  seatTypeLocked,
  excludeId,
  submitLabel,
  busyLabel,
  busy,
  failure = null,
  describeFailure = (error) => error.message,
  onSubmit,
  onCancel,
  missingTimeMessage,
  pickTables,
}: Props) {
  const [values, setValues] = useState(initial);
  // The admin's manual choice: null while picking, the ids once confirmed.
  const [tableIds, setTableIds] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [loadFailed, setLoadFailed] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const ids = { guests: useId(), seat: useId(), times: useId(), requests: useId() };

  const today = todayIn(appConfig.timeZone);
  const dateWindow = bookingWindow(isAdmin ? 'admin' : 'guest', today);
  const partyNumber = /^\d+$/.test(values.partySize) ? Number(values.partySize) : null;
  const times = useAvailableTimes(values.date, partyNumber, values.seatType, excludeId);
  const dateError =
    errors.reservationDate ?? (values.date && isMonday(values.date) ? bookingMessages.closedMondays : undefined);

  // A new failure: a time that was taken meanwhile (or can no longer seat the party) is no longer chosen, so
  // the guest picks another from the reloaded times; and the message takes the focus, which brings it into view.
  const [seenFailure, setSeenFailure] = useState(failure);
  if (failure !== seenFailure) {
    setSeenFailure(failure);
    if (failure instanceof ApiError && failure.code === 'slot_taken') {
      setValues((current) => ({ ...current, startTime: null }));
      setTableIds(null);
    }
  }
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const set = <K extends keyof ReservationFormValues>(key: K, value: ReservationFormValues[K]) => {
    setValues((current) => {
      // Choosing a date, party size or seat type clears the chosen time (SPEC section 4).
      const clearsTime = key === 'date' || key === 'partySize' || key === 'seatType';
      return { ...current, [key]: value, ...(clearsTime ? { startTime: null } : {}) };
    });
    if (key === 'date' || key === 'partySize' || key === 'seatType') setTableIds(null);
    // A field's error goes as soon as the guest changes it; the next submission checks it again.
    const field = errorFieldOf[key];
    if (field) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const chooseTime = (time: number | null) => {
    setValues((current) => ({ ...current, startTime: time }));
    setTableIds(null);
    setErrors((current) => ({ ...current, startTime: undefined }));
  };
  const awaitingTables = Boolean(pickTables && values.startTime !== null && tableIds === null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let schemas: Awaited<ReturnType<typeof loadSchemas>>;
    try {
      schemas = await loadSchemas();
    } catch {
      setLoadFailed(true);
      return;
    }
    setLoadFailed(false);
    const parsed = schemas.createReservationSchema.safeParse({
      name: values.name,
      phoneNumber: values.phone,
      reservationDate: values.date,
      partySize: values.partySize === '7+' ? 'many' : values.partySize,
      seatType: values.seatType,
      startTime: values.startTime ?? undefined,
      reminderEmail: values.reminderEmail,
      specialRequests: values.specialRequests,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??=
          field === 'startTime' && values.startTime === null && missingTimeMessage ? missingTimeMessage : issue.message;
      }
      // Rendered now, so the first field in error (in the order a guest reads the form) can take the focus;
      // waiting for a frame raced React's own scheduling on a slow machine.
      flushSync(() => setErrors(found));
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    onSubmit(pickTables && tableIds ? { ...parsed.data, tableIds } : parsed.data);
  };

  const partyChoices = Array.from({ length: isAdmin ? ADMIN_PARTY_CHOICES : GUEST_MAX_PARTY }, (_, i) => i + 1);
  const largeParty = values.partySize === '7+';

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadSchemas().catch(() => undefined)}
      className="space-y-5"
    >
      {failure && (
        <div ref={failureRef} tabIndex={-1}>
          <Banner kind="error">{describeFailure(failure)}</Banner>
        </div>
      )}
      {loadFailed && <Banner kind="error">{OFFLINE_MESSAGE}</Banner>}
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
          value={values.phone}
          error={errors.phoneNumber}
          onChange={(e) => set('phone', formatPhoneInput(e.target.value))}
        />
        <TextField
          label="Date"
          type="date"
          min={dateWindow.first}
          max={dateWindow.last}
          value={values.date}
          error={dateError}
          hint="We are open Tuesday to Sunday."
          onChange={(e) => set('date', e.target.value)}
        />
        <div>
          <label htmlFor={ids.guests} className="block text-sm font-medium text-stone-800">
            Number of Guests
          </label>
          <select
            id={ids.guests}
            value={values.partySize}
            aria-invalid={errors.partySize ? true : undefined}
            aria-describedby={errors.partySize ? `${ids.guests}-error` : undefined}
            onChange={(e) => set('partySize', e.target.value)}
            className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base ${errors.partySize ? 'border-red-600' : 'border-stone-300'}`}
          >
            <option value="">Select guests</option>
            {partyChoices.map((n) => (
              <option key={n} value={String(n)}>
                {n} {n === 1 ? 'guest' : 'guests'}
              </option>
            ))}
            {!isAdmin && <option value="7+">7 or more</option>}
          </select>
          {errors.partySize && (
            <p id={`${ids.guests}-error`} className="mt-1 text-sm text-red-700">
              {errors.partySize}
            </p>
          )}
        </div>
      </div>

      {largeParty ? (
        <Banner kind="info">
          For parties of 7 or more, please call us at{' '}
          <a className="font-semibold underline" href={phoneHref(appConfig.phone)}>
            {appConfig.phone}
          </a>
          .
        </Banner>
      ) : (
        <>
          <fieldset>
            <legend id={ids.seat} className="text-sm font-medium text-stone-800">
              Seat Type
            </legend>
            <div className="mt-2 flex gap-3">
              <SeatTypeToggle
                value={values.seatType}
                disabled={seatTypeLocked}
                onChange={(type) => set('seatType', type)}
                className="flex-1 py-3 disabled:cursor-not-allowed disabled:opacity-70"
              />
            </div>
          </fieldset>

          <fieldset aria-describedby={errors.startTime ? `${ids.times}-error` : undefined}>
            <legend className="text-sm font-medium text-stone-800">Available Times</legend>
            {pickTables && values.startTime !== null && partyNumber !== null ? (
              tableIds === null ? (
                <Suspense fallback={<Spinner />}>
                  <AdminTablePicker
                    date={values.date}
                    startTime={values.startTime}
                    seatType={values.seatType}
                    partySize={partyNumber}
                    onConfirm={setTableIds}
                    onBack={() => chooseTime(null)}
                  />
                </Suspense>
              ) : (
                <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-stone-800">
                  <span>
                    {formatTime12h(values.startTime)} at {tableIds.join(', ')}
                  </span>
                  <button type="button" className={secondaryButton} onClick={() => setTableIds(null)}>
                    Edit
                  </button>
                </div>
              )
            ) : (
              <AvailableTimes
                isAdmin={isAdmin}
                state={times}
                ready={Boolean(values.date && partyNumber && !dateError)}
                dateRefused={Boolean(dateError)}
                selected={values.startTime}
                onSelect={chooseTime}
              />
            )}
            {errors.startTime && (
              <p id={`${ids.times}-error`} className="mt-1 text-sm text-red-700">
                {errors.startTime}
              </p>
            )}
          </fieldset>
        </>
      )}

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
        <label htmlFor={ids.requests} className="block text-sm font-medium text-stone-800">
          Special requests (optional)
        </label>
        <textarea
          id={ids.requests}
          rows={2}
          maxLength={500}
          placeholder="Allergies, a birthday, a high chair…"
          value={values.specialRequests}
          onChange={(e) => set('specialRequests', e.target.value)}
          className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 text-base"
        />
      </div>

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
        {bookingMessages.availabilityFailed}
      </Banner>
    );
  if (state.data.refusal) {
    return (
      <Suspense fallback={loading}>
        <DateRefusalNote reason={state.data.refusal} isAdmin={isAdmin} />
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
