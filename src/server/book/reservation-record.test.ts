import { describe, expect, it } from 'vitest';
import { reservationSchema } from '../../shared/reservation';
import { toReservation } from './reservation-record';

describe('toReservation', () => {
  it('gives the wire exactly the shared contract: the spec fields, the owner, bookkeeping and network left out', () => {
    const stamp = '2026-11-22T20:00:00.000Z';
    const wire = toReservation({
      id: 'r1',
      tableIds: '["C1","C2"]',
      startTime: 1700,
      endTime: 1830,
      reservationDate: '2026-11-24',
      email: 'old@example.com',
      accountEmail: 'new@example.com',
      userId: 'u1',
      reminderSentFor: '2026-11-24',
      bookedFrom: '203.0.113.7',
      bookedByNewAccount: 1,
      reminderEmail: 'ann@example.com',
      partySize: 2,
      name: 'Ann Guest',
      phoneNumber: '5550100199',
      seatType: 'counter',
      specialRequests: null,
      createdAt: stamp,
      updatedAt: stamp,
    });
    expect(reservationSchema.parse(wire)).toEqual(wire);
    expect(wire).toMatchObject({ email: 'new@example.com', tableIds: ['C1', 'C2'] });
  });
});
