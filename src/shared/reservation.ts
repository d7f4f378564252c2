import { z } from 'zod';
import { SEAT_TYPES } from './seat-types';
import type { ServiceState } from './service-status';

// A reservation on the wire: the spec's fields by the spec's names (SPEC section 3), nothing else. The server
// answers with this shape and the page reads it; the type comes from the schema (import it with `import type`
// on the page, so zod stays off the first load).

export const reservationSchema = z
  .object({
    id: z.string(),
    tableIds: z.array(z.string()),
    /** HHMM, 24-hour: 1700 is 5:00 PM. */
    startTime: z.number().int(),
    endTime: z.number().int(),
    /** YYYY-MM-DD. */
    reservationDate: z.string(),
    /** The booker's account email, as it is now. */
    email: z.string(),
    reminderEmail: z.string(),
    partySize: z.number().int(),
    name: z.string(),
    /** Digits only. */
    phoneNumber: z.string(),
    seatType: z.enum(SEAT_TYPES),
    specialRequests: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .strict();

export type Reservation = z.infer<typeof reservationSchema>;

/** A reservation as the admin's screens have it: the spec's fields, and how the party's night is going. */
export type AdminReservation = Reservation & { service: ServiceState };
