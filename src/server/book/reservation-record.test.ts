import { describe, expect, it } from 'vitest';
import { reservationSchema } from '../../shared/reservation';
import { toAdminReservation, toReservation, type ReservationRow } from './reservation-record';

describe('toReservation', () => {
  const stamp = '2026-11-22T20:00:00.000Z';
  const row: ReservationRow = {
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
    arrivedAt: '2026-11-24T01:02:00.000Z',
    seatedAt: '2026-11-24T01:05:00.000Z',
    finishedAt: null,
    noShowAt: null,
    heldUntil: null,
    source: null,
  };

  it('gives the wire exactly the shared contract: the spec fields; the owner, bookkeeping, network and marks left out', () => {
    const wire = toReservation(row);
    expect(reservationSchema.parse(wire)).toEqual(wire);
    expect(wire).toMatchObject({ email: 'new@example.com', tableIds: ['C1', 'C2'] });
  });

  it("gives the admin's screens the same fields and the party's status since its last mark", () => {
    expect(toAdminReservation(row)).toEqual({
      ...toReservation(row),
      service: {
        status: 'seated',
        since: '2026-11-24T01:05:00.000Z',
        undoTo: 'arrived',
        freedFrom: null,
        walkIn: false,
      },
    });
  });
});
