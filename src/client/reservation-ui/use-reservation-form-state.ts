import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { closedOnWeekday } from '../../booking/booking-window';
import { onClosedWeekday } from '../../booking/restaurant-settings';
import { appConfig } from '../app-config';
import type { CreateReservationInput } from '../../booking/reservation-schemas';
import type { SeatType } from '../../shared/seat-types';
import { ApiError } from '../api/api-client';

/** The booking form's values, by the API's own field names, as the person fills them in. */
export interface ReservationFormValues {
  name: string;
  /** As typed and shown, 555-010-0199; sent as digits. */
  phoneNumber: string;
  reservationDate: string;
  /** '' until chosen; '7+' for parties that must phone. */
  partySize: string;
  seatType: SeatType;
  startTime: number | null;
  reminderEmail: string;
  specialRequests: string;
  /** The admin's own choice of tables, once confirmed in the picker; null: the server assigns them. */
  tableIds?: string[] | null;
}

type Field = keyof ReservationFormValues;

// The validation rules (the shared zod schemas) are not needed to show the form, only to submit it: they load
// when the form is first touched, which keeps the booking page's first load small, and are ready long before
// anyone can press the button.
const loadSchemas = () => import('../../booking/reservation-schemas');

interface Options {
  initial: ReservationFormValues;
  /** The last submission's failure: a time taken meanwhile is cleared, and the message takes the focus. */
  failure: Error | null;
  /** When set, submitting without a time shows this message instead of the schema's. */
  missingTimeMessage?: string | undefined;
  onValid: (input: CreateReservationInput) => void;
}

type Errors = Partial<Record<Field, string>>;

/** Each field's first error; a time not chosen reads `missingTime` when given (the admin edit's own words). */
function firstErrors(issues: readonly { path: PropertyKey[]; message: string }[], missingTime: string | undefined) {
  const found: Errors = {};
  for (const issue of issues) {
    const field = issue.path[0] as Field;
    found[field] ??= field === 'startTime' && missingTime ? missingTime : issue.message;
  }
  return found;
}

/**
 * A new failure: a time that was taken meanwhile (or can no longer seat the party) is no longer chosen
 * (`clearTime`), so the guest picks another from the reloaded times; and the message takes the focus, which
 * brings it into view. Returns the ref for the message's box.
 */
function useFailureReaction(failure: Error | null, clearTime: () => void) {
  const failureRef = useRef<HTMLDivElement>(null);
  const [seenFailure, setSeenFailure] = useState(failure);
  if (failure !== seenFailure) {
    setSeenFailure(failure);
    if (failure instanceof ApiError && failure.code === 'slot_taken') clearTime();
  }
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);
  return failureRef;
}

/** The booking form's state and rules: what each change clears, and the check before sending. */
export function useReservationFormState({ initial, failure, missingTimeMessage, onValid }: Options) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [loadFailed, setLoadFailed] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useFailureReaction(failure, () =>
    setValues((current) => ({ ...current, startTime: null, tableIds: null })),
  );

  const set = <K extends Field>(field: K, value: ReservationFormValues[K]) => {
    // Choosing a date, party size or seat type clears the chosen time (SPEC section 4); any of those, or
    // another time, clears the admin's tables.
    const clearsTime = field === 'reservationDate' || field === 'partySize' || field === 'seatType';
    setValues((current) => ({
      ...current,
      [field]: value,
      ...(clearsTime ? { startTime: null } : {}),
      ...(clearsTime || field === 'startTime' ? { tableIds: null } : {}),
    }));
    // A field's error goes as soon as the guest changes it; the next submission checks it again.
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

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
      ...values,
      partySize: values.partySize === '7+' ? 'many' : values.partySize,
      startTime: values.startTime ?? undefined,
      tableIds: values.tableIds ?? undefined,
    });
    if (!parsed.success) {
      const found = firstErrors(parsed.error.issues, values.startTime === null ? missingTimeMessage : undefined);
      // Rendered now, so the first field in error (in the order a guest reads the form) can take the focus;
      // waiting for a frame raced React's own scheduling on a slow machine.
      flushSync(() => setErrors(found));
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    onValid(parsed.data);
  };

  const partyNumber = /^\d+$/.test(values.partySize) ? Number(values.partySize) : null;
  return {
    values,
    set,
    errors,
    /** The date's own error, or the closed weekday it falls on ('We are closed on Mondays'). */
    dateError:
      errors.reservationDate ??
      (values.reservationDate && onClosedWeekday(values.reservationDate, appConfig.closedWeekdays)
        ? closedOnWeekday(values.reservationDate)
        : undefined),
    partyNumber,
    loadFailed,
    formRef,
    failureRef,
    submit,
    preloadSchemas: () => void loadSchemas().catch(() => undefined),
  };
}
