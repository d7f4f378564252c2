import { z } from 'zod';
import { SEAT_TYPES } from '../shared/seat-types';
import { isIsoDate } from './calendar';
import { isHhmm } from './clock';
import * as bookingMessages from '../shared/messages/booking';
import { ADMIN_MAX_PARTY } from './party-size';
import { isValidPhone, phoneDigits } from './phone';
import * as formMessages from '../shared/messages/forms';
import { personName, visibleLength } from '../shared/one-line-text';

// The booking form's rules with the spec's exact messages (SPEC section 5), written once: the form's
// resolver and the server's validator both use these schemas.

const name = personName.refine((text) => visibleLength(text) >= 2, bookingMessages.nameTooShort);

const phoneNumber = z
  .string({ error: bookingMessages.enterPhone })
  .trim()
  .min(1, bookingMessages.enterPhone)
  .refine(isValidPhone, bookingMessages.invalidPhone)
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
        error: (issue) => (issue.input === undefined ? bookingMessages.selectGuests : bookingMessages.invalidGuests),
      })
      .int(bookingMessages.invalidGuests)
      .min(1, bookingMessages.invalidGuests)
      .max(max, bookingMessages.invalidGuests),
  );

const reminderEmail = z
  .string({ error: bookingMessages.enterReminderEmail })
  .trim()
  .min(1, bookingMessages.enterReminderEmail)
  .max(254, formMessages.invalidEmail)
  .pipe(z.email(formMessages.invalidEmail));

const startTime = z
  .number({ error: (issue) => (issue.input === undefined ? bookingMessages.selectTime : bookingMessages.invalidTime) })
  .refine(isHhmm, bookingMessages.invalidTime);

export const seatTypeSchema = z.enum(SEAT_TYPES);

const specialRequests = z
  .string()
  .trim()
  .max(500, 'Special requests must be at most 500 characters')
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

const tableIds = z
  .array(z.string().min(1).max(10, bookingMessages.invalidTableSelection), {
    error: bookingMessages.invalidTableSelection,
  })
  .min(1, bookingMessages.selectAtLeastOneTable)
  .max(20, bookingMessages.invalidTableSelection)
  .refine((ids) => new Set(ids).size === ids.length, bookingMessages.invalidTableSelection);

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
