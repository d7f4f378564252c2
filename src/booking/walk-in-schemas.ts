import { z } from 'zod';
import * as fieldMessages from '../shared/messages/booking-fields';
import * as tableMessages from '../shared/messages/table-choice';
import { personName, visibleLength } from '../shared/one-line-text';
import { SEAT_TYPES } from '../shared/seat-types';
import { ADMIN_MAX_PARTY } from './party-size';
import { isValidPhone, phoneDigits } from './phone';

// The walk-in's schema keeps the booking form's rules and words (reservation-schemas.ts) for the fields they share.
// It is written apart from that file so that the guest's first load, which carries the booking form, grows by
// nothing for it.

/** A text left blank (or only spaces) is a text not given. */
const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * A party seated at the door (POST /api/walk-ins), as the host's form and the server take it: how many and where,
 * a name and phone only if the party gave them, the tables if the host chose them, and the id the form chose so a
 * resend after a lost answer finds the walk-in it made. No email: a walk-in is told nothing by mail.
 */
export const walkInSchema = z
  .object({
    partySize: z.coerce
      .number({ error: fieldMessages.selectGuests })
      .int(fieldMessages.invalidGuests)
      .min(1, fieldMessages.invalidGuests)
      .max(ADMIN_MAX_PARTY, fieldMessages.invalidGuests),
    seatType: z.enum(SEAT_TYPES).default('table'),
    name: z.preprocess(
      blankAsAbsent,
      personName.refine((text) => visibleLength(text) >= 2, fieldMessages.nameTooShort).optional(),
    ),
    phoneNumber: z.preprocess(
      blankAsAbsent,
      z.string().trim().refine(isValidPhone, fieldMessages.invalidPhone).transform(phoneDigits).optional(),
    ),
    tableIds: z
      .array(z.string().min(1).max(10, tableMessages.invalidTableSelection), {
        error: tableMessages.invalidTableSelection,
      })
      .min(1, tableMessages.selectAtLeastOneTable)
      .max(20, tableMessages.invalidTableSelection)
      .refine((ids) => new Set(ids).size === ids.length, tableMessages.invalidTableSelection)
      .optional(),
    id: z.uuid('Invalid reservation id').optional(),
  })
  .strict();

export type WalkInInput = z.infer<typeof walkInSchema>;
