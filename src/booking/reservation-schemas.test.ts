import { describe, expect, it } from 'vitest';
import { createReservationSchema, updateReservationSchema } from './reservation-schemas';

describe('reservation schemas', () => {
  it('an update adds nothing that was not sent: no defaults, no values made up', () => {
    expect(updateReservationSchema.parse({})).toEqual({});
    for (const [field, value] of Object.entries({
      name: 'Ann Guest',
      phoneNumber: '555-010-0199',
      reservationDate: '2026-11-24',
      partySize: 2,
      seatType: 'counter',
      startTime: 1700,
      reminderEmail: 'ann@example.com',
      specialRequests: 'none',
      tableIds: ['C1'],
    })) {
      expect(Object.keys(updateReservationSchema.parse({ [field]: value })), field).toEqual([field]);
    }
  });

  it('a new booking is at a table unless it says otherwise (SPEC section 3)', () => {
    const booking = {
      name: 'Ann Guest',
      phoneNumber: '555-010-0199',
      reservationDate: '2026-11-24',
      partySize: 2,
      startTime: 1700,
      reminderEmail: 'ann@example.com',
    };
    expect(createReservationSchema.parse(booking).seatType).toBe('table');
    expect(createReservationSchema.parse({ ...booking, seatType: 'counter' }).seatType).toBe('counter');
  });
});
