import { z } from 'zod';
import { ADMIN_MAX_PARTY } from './party-size';
import { name, partySize, phoneNumber, seatTypeSchema, tableIds } from './reservation-schemas';

/** A text left blank (or only spaces) is a text not given. */
const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * A party seated at the door (POST /api/walk-ins), as the host's form and the server take it: how many and where,
 * a name and phone only if the party gave them, the tables if the host chose them, and the id the form chose so a
 * resend after a lost answer finds the walk-in it made. No email: a walk-in is told nothing by mail.
 */
export const walkInSchema = z
  .object({
    partySize: partySize(ADMIN_MAX_PARTY),
    seatType: seatTypeSchema.default('table'),
    name: z.preprocess(blankAsAbsent, name.optional()),
    phoneNumber: z.preprocess(blankAsAbsent, phoneNumber.optional()),
    tableIds: tableIds.optional(),
    id: z.uuid('Invalid reservation id').optional(),
  })
  .strict();

export type WalkInInput = z.infer<typeof walkInSchema>;
