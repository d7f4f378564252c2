import { z } from 'zod';
import { isIsoDate } from './calendar';
import { isHhmm } from './clock';
import { isMonday } from './booking-window';
import * as messages from './messages';
import { ADMIN_MAX_PARTY } from './party-size';
import { isValidPhone, phoneDigits } from './phone';

// The booking form's rules with the spec's exact messages (SPEC section 5), written once: the form's
// resolver and the server's validator both use these schemas.

const name = z
  .string({ error: 'Please enter your name' })
  .trim()
  .min(1, 'Please enter your name')
  .min(2, 'Name must be at least 2 characters long')
  .max(100, 'Name must be at most 100 characters long');

const phoneNumber = z
  .string({ error: 'Please enter your phone number' })
  .trim()
  .min(1, 'Please enter your phone number')
  .refine(isValidPhone, 'Please enter a valid phone number')
  .transform(phoneDigits);

const reservationDate = z
  .string({ error: 'Please select a date' })
  .min(1, 'Please select a date')
  .refine(isIsoDate, 'Please select a date')
  .refine((date) => !isMonday(date), messages.closedMondays);

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
        error: (issue) =>
          issue.input === undefined ? 'Please select the number of guests' : 'Please select a valid number of guests',
      })
      .int('Please select a valid number of guests')
      .min(1, 'Please select a valid number of guests')
      .max(max, 'Please select a valid number of guests'),
  );

const reminderEmail = z
  .string({ error: 'Please enter an email address for reminders' })
  .trim()
  .min(1, 'Please enter an email address for reminders')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

const startTime = z
  .number({ error: (issue) => (issue.input === undefined ? messages.selectTime : messages.invalidTime) })
  .refine(isHhmm, messages.invalidTime);

export const seatTypeSchema = z.enum(['table', 'counter']);

const specialRequests = z
  .string()
  .trim()
  .max(500, 'Special requests must be at most 500 characters')
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

const tableIds = z
  .array(z.string().min(1).max(10, messages.invalidTableSelection), { error: messages.invalidTableSelection })
  .min(1, messages.selectAtLeastOneTable)
  .max(20, messages.invalidTableSelection)
  .refine((ids) => new Set(ids).size === ids.length, messages.invalidTableSelection);

const fields = (maxParty: number) => ({
  name,
  phoneNumber,
  reservationDate,
  partySize: partySize(maxParty),
  seatType: seatTypeSchema.default('table'),
  startTime,
  reminderEmail,
  specialRequests,
  /** Admin only: explicit tables; without them the server assigns automatically. */
  tableIds: tableIds.optional(),
});

/** A new reservation as the API takes it. The server applies the guest limit of 6 itself. */
export const createReservationSchema = z.object({
  ...fields(ADMIN_MAX_PARTY),
  /**
   * The new reservation's id, chosen by the client (optional): the same booking sent again, after an answer
   * lost on the way, finds the reservation it made instead of making a second one.
   */
  id: z.uuid('Invalid reservation id').optional(),
});

/** A partial update: only the fields that changed (SPEC section 7). */
export const updateReservationSchema = z.object(fields(ADMIN_MAX_PARTY)).partial();

export type CreateReservationInput = z.infer<typeof createReservationSchema>;
export type UpdateReservationInput = z.infer<typeof updateReservationSchema>;
