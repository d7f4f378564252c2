import { z } from 'zod';
import { SEAT_TYPES } from '../shared/seat-types';
import { isIsoDate } from './calendar';
import { isHhmm } from './clock';
import * as bookingMessages from '../shared/messages/booking';
import * as fieldMessages from '../shared/messages/booking-fields';
import * as tableMessages from '../shared/messages/table-choice';
import { ADMIN_MAX_PARTY } from './party-size';
import { isValidPhone, phoneDigits } from './phone';
import * as formMessages from '../shared/messages/forms';
import { personName, visibleLength } from '../shared/one-line-text';

// The booking form's rules with the spec's exact messages (SPEC section 5), written once: the form's
// resolver and the server's validator both use these schemas.

const name = personName.refine((text) => visibleLength(text) >= 2, fieldMessages.nameTooShort);

const phoneNumber = z
  .string({ error: fieldMessages.enterPhone })
  .trim()
  .min(1, fieldMessages.enterPhone)
  .refine(isValidPhone, fieldMessages.invalidPhone)
  .transform(phoneDigits);

const reservationDate = z
  .string({ error: bookingMessages.selectDate })
  .min(1, bookingMessages.selectDate)
  .refine(isIsoDate, bookingMessages.selectDate);
// Whether the restaurant opens that day is the owner's setting (closed Mondays by default): the server checks it
// with the booking, and the form says it beside the date (reservation-ui/use-reservation-form-state.ts).

const partySize = (max: number) =>
  z.preprocess(
    (value) =>
      value === '' || value === null || value === undefined
        ? undefined
        : typeof value === 'string'
          ? Number(value)
          : value,
    z
      .number({
        error: (issue) => (issue.input === undefined ? fieldMessages.selectGuests : fieldMessages.invalidGuests),
      })
      .int(fieldMessages.invalidGuests)
      .min(1, fieldMessages.invalidGuests)
      .max(max, fieldMessages.invalidGuests),
  );

const reminderEmail = z
  .string({ error: fieldMessages.enterReminderEmail })
  .trim()
  .min(1, fieldMessages.enterReminderEmail)
  .max(254, formMessages.invalidEmail)
  .pipe(z.email(formMessages.invalidEmail));

const startTime = z
  .number({ error: (issue) => (issue.input === undefined ? fieldMessages.selectTime : fieldMessages.invalidTime) })
  .refine(isHhmm, fieldMessages.invalidTime);

export const seatTypeSchema = z.enum(SEAT_TYPES);

const specialRequests = z
  .string()
  .trim()
  .max(500, 'Special requests must be at most 500 characters')
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

const tableIds = z
  .array(z.string().min(1).max(10, tableMessages.invalidTableSelection), {
    error: tableMessages.invalidTableSelection,
  })
  .min(1, tableMessages.selectAtLeastOneTable)
  .max(20, tableMessages.invalidTableSelection)
  .refine((ids) => new Set(ids).size === ids.length, tableMessages.invalidTableSelection);

const fields = (maxParty: number) => ({
  name,
  phoneNumber,
  reservationDate,
  partySize: partySize(maxParty),
  seatType: seatTypeSchema,
  startTime,
  reminderEmail,
  specialRequests,
  /** Admin only: explicit tables; without them the server assigns automatically. */
  tableIds: tableIds.optional(),
});

/** A new reservation as the API takes it. The server applies the guest limit of 6 itself. */
export const createReservationSchema = z.object({
  ...fields(ADMIN_MAX_PARTY),
  // The spec's default applies to a new booking only: in an update, a field not sent is a field kept.
  seatType: seatTypeSchema.default('table'),
  /**
   * The new reservation's id, chosen by the client (optional): the same booking sent again, after an answer
   * lost on the way, finds the reservation it made instead of making a second one.
   */
  id: z.uuid('Invalid reservation id').optional(),
});

/**
 * A partial update: only the fields that changed (SPEC section 7). No field here may carry a default or turn
 * an absent value into a present one, or a one-field edit would overwrite the others.
 */
export const updateReservationSchema = z.object(fields(ADMIN_MAX_PARTY)).partial();

export type CreateReservationInput = z.infer<typeof createReservationSchema>;
export type UpdateReservationInput = z.infer<typeof updateReservationSchema>;
