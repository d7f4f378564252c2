import type { CreateReservationInput } from '../../src/booking/reservation-schemas';

/** A valid booking body; tests override what they are about. */
export function bookingBody(overrides: Partial<Record<keyof CreateReservationInput, unknown>> = {}) {
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
