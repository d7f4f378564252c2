import type { z } from 'zod';
import type { createReservationSchema, updateReservationSchema } from '../../src/booking/reservation-schemas';

/** A booking body as the API takes it (what the typed client's `json` accepts). */
export type BookingBody = z.input<typeof createReservationSchema>;
/** An edit's body as the API takes it. */
export type EditBody = z.input<typeof updateReservationSchema>;

/**
 * A valid booking body; tests override what they are about. Overrides of the API's types give a body the
 * typed client takes; any other value (a number as a name, say) gives an untyped body for a raw request.
 */
export function bookingBody(overrides?: Partial<BookingBody>): BookingBody;
export function bookingBody(overrides: Partial<Record<keyof BookingBody, unknown>>): Record<string, unknown>;
export function bookingBody(overrides: Partial<Record<keyof BookingBody, unknown>> = {}): Record<string, unknown> {
  return {
    name: 'Ann Guest',
    phoneNumber: '555-010-0199',
    reservationDate: '2026-11-24',
    partySize: 2,
    seatType: 'table',
    startTime: 1700,
    reminderEmail: 'ann@example.com',
    ...overrides,
  };
}

/** Noon in Los Angeles on Sunday 2026-11-22: guests may book from Tuesday the 24th (Monday is closed). */
export const FIXED_NOW = new Date('2026-11-22T20:00:00Z');

/** A reservation's fields as SPEC section 3 names them. */
export const SPEC_RESERVATION_FIELDS = [
  'id',
  'tableIds',
  'startTime',
  'endTime',
  'reservationDate',
  'email',
  'reminderEmail',
  'partySize',
  'name',
  'phoneNumber',
  'seatType',
  'specialRequests',
  'createdAt',
  'updatedAt',
] as const;
