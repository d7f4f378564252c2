import type { Selectable } from 'kysely';
import type { ReservationsTable } from '../db/schema';
import type { Reservation } from '../../shared/reservation';

/** A stored row, with its owner's current email when it has an owner (see reservation-store.ts). */
export type ReservationRow = Selectable<ReservationsTable> & { accountEmail: string | null };

/**
 * A stored row as the wire has it: the spec's fields only (the owner's id, the reminder's bookkeeping and the
 * network it was booked from stay in the database), and `email` the owner's email as it is now, which follows an email change.
 */
export function toReservation({
  reminderSentFor: _reminderBookkeeping,
  userId: _owner,
  bookedFrom: _network,
  bookedByNewAccount: _newAccount,
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
