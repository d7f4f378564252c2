import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

// The reminder job's reads and writes of reservations: which are due a reminder this morning, and the claim that
// records one was queued (the column reminderSentFor), so that no instance queues it twice.

type Db = Kysely<Database> | Transaction<Database>;

/** What a reminder says of its reservation. */
export interface ReminderDue {
  id: string;
  name: string;
  reservationDate: string;
  startTime: number;
  endTime: number;
  partySize: number;
  reminderEmail: string;
}

/**
 * The reservations of `today` not yet begun at `nowHhmm`, not yet reminded today, and booked before this morning's
 * send time `sentAt` (one booked after it: the guest has just seen the confirmation).
 */
export async function remindersDue(db: Db, today: string, nowHhmm: number, sendAt: string): Promise<ReminderDue[]> {
  const rows = await db
    .selectFrom('reservations')
    .select(['id', 'name', 'reservationDate', 'startTime', 'endTime', 'partySize', 'reminderEmail'])
    .where('reservationDate', '=', today)
    .where('startTime', '>', nowHhmm)
    .where('createdAt', '<', sendAt)
    // No address, no reminder: a walk-in's, or one whose details were removed.
    .where('reminderEmail', '<>', '')
    .where((eb) => eb.or([eb('reminderSentFor', 'is', null), eb('reminderSentFor', '<>', today)]))
    .execute();
  return rows.map((row) => ({
    ...row,
    startTime: Number(row.startTime),
    endTime: Number(row.endTime),
    partySize: Number(row.partySize),
  }));
}

/** Records that the reservation's reminder for `today` is queued; false when another instance did first. */
export async function claimReminder(db: Db, reservationId: string, today: string): Promise<boolean> {
  const claim = await db
    .updateTable('reservations')
    .set({ reminderSentFor: today })
    .where('id', '=', reservationId)
    .where((eb) => eb.or([eb('reminderSentFor', 'is', null), eb('reminderSentFor', '<>', today)]))
    .executeTakeFirst();
  return Number(claim.numUpdatedRows) === 1;
}
