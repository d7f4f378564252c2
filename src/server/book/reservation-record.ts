import type { Selectable } from 'kysely';
import { statusOf } from '../../booking/service-steps';
import type { ReservationsTable } from '../db/schema';
import type { AdminReservation, Reservation } from '../../shared/reservation';

/** A stored row, with its owner's current email when it has an owner (see reservation-store.ts). */
export type ReservationRow = Selectable<ReservationsTable> & { accountEmail: string | null };

/**
 * A stored row as the wire has it: the spec's fields only (the owner's id, the reminder's bookkeeping, the
 * network it was booked from, how it came and the host's marks stay in the database), and `email` the owner's email as it is
 * now, which follows an email change.
 */
export function toReservation({
  reminderSentFor: _reminderBookkeeping,
  userId: _owner,
  bookedFrom: _network,
  bookedByNewAccount: _newAccount,
  arrivedAt: _arrived,
  seatedAt: _seated,
  finishedAt: _finished,
  noShowAt: _noShow,
  heldUntil: _heldUntil,
  source: _source,
  accountEmail,
  ...row
}: ReservationRow): Reservation {
  return {
    ...row,
    email: accountEmail ?? row.email,
    tableIds: JSON.parse(row.tableIds) as string[],
    startTime: Number(row.startTime),
    endTime: Number(row.endTime),
    partySize: Number(row.partySize),
  };
}

/** A stored row as the admin's screens have it: the wire's fields and how the party's night is going. */
export function toAdminReservation(row: ReservationRow): AdminReservation {
  const freedFrom = row.heldUntil === null ? null : Number(row.heldUntil);
  return { ...toReservation(row), service: { ...statusOf(row), freedFrom, walkIn: row.source === 'walk-in' } };
}
