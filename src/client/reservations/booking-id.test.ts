import { describe, expect, it } from 'vitest';
import { createReservationSchema } from '../../booking/reservation-schemas';
import { bookingBody } from '../../../tests/support/reservation-factory';
import { newBookingId } from './booking-id';

describe('newBookingId', () => {
  it('makes version 4 UUIDs that the server accepts as a reservation id', () => {
    for (let i = 0; i < 200; i++) {
      const id = newBookingId();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(createReservationSchema.safeParse(bookingBody({ id, reservationDate: '2026-12-01' })).success).toBe(true);
    }
  });

  it('never repeats', () => {
    const ids = new Set(Array.from({ length: 10_000 }, newBookingId));
    expect(ids.size).toBe(10_000);
  });
});
