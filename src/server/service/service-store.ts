import type { Transaction } from 'kysely';
import { hhmmToMinutes } from '../../booking/clock';
import { holdBlocks } from '../../booking/hold-blocks';
import type { ServiceSteps } from '../../booking/service-steps';
import type { Reservation } from '../../shared/reservation';
import { insertHolds, writeHolds } from '../reservations/reservation-store';
import type { Database } from '../db/schema';

// The host's marks on a reservation (its service columns) and the holds a party finished early lets go; the
// reservation itself is the book's (book-reads.ts).

/** Records (an instant) or takes back (null) one of the host's marks on a reservation. */
export async function writeServiceStep(
  trx: Transaction<Database>,
  id: string,
  column: keyof ServiceSteps,
  at: string | null,
): Promise<void> {
  await trx
    .updateTable('reservations')
    .set({ [column]: at })
    .where('id', '=', id)
    .execute();
}

/**
 * A walk-in: a reservation of no account and no email, seated as it is made, with its table holds (over a seat block
 * when the host chose those tables).
 */
export async function insertWalkIn(
  trx: Transaction<Database>,
  reservation: Reservation,
  overBlocks: boolean,
): Promise<void> {
  await trx
    .insertInto('reservations')
    .values({
      ...reservation,
      tableIds: JSON.stringify(reservation.tableIds),
      userId: null,
      source: 'walk-in',
      seatedAt: reservation.createdAt,
    })
    .execute();
  await writeHolds(trx, reservation, null, overBlocks);
}

/**
 * The tables of the parties that have left (Finished or No-show) and hold them on the book until `untilHhmm`, the
 * next half hour: empty now, though the hold grid frees them only from then.
 */
export async function tablesLeftUntil(trx: Transaction<Database>, date: string, untilHhmm: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('reservations')
    .select('tableIds')
    .where('reservationDate', '=', date)
    .where((eb) => eb.or([eb('finishedAt', 'is not', null), eb('noShowAt', 'is not', null)]))
    .where((eb) => eb(eb.fn.coalesce('heldUntil', 'endTime'), '=', untilHhmm))
    .execute();
  return rows.flatMap((row) => JSON.parse(row.tableIds) as string[]);
}

/** A party finished early: its tables are free from `fromHhmm`, and its holds from then on are let go. */
export async function releaseHoldsFrom(trx: Transaction<Database>, id: string, fromHhmm: number): Promise<void> {
  await trx.updateTable('reservations').set({ heldUntil: fromHhmm }).where('id', '=', id).execute();
  await trx
    .deleteFrom('table_holds')
    .where('reservationId', '=', id)
    .where('blockStart', '>=', hhmmToMinutes(fromHhmm))
    .execute();
}

/**
 * Finished taken back: the party holds its tables to its seating's end again. The database refuses a block another
 * party took meanwhile (isHoldConflict), and the transaction then changes nothing.
 */
export async function retakeHoldsFrom(trx: Transaction<Database>, reservation: Reservation, fromHhmm: number) {
  await insertHolds(trx, reservation, holdBlocks(fromHhmm, reservation.endTime));
  await trx.updateTable('reservations').set({ heldUntil: null }).where('id', '=', reservation.id).execute();
}
