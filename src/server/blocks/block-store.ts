import type { Kysely, Transaction } from 'kysely';
import { addDays } from '../../booking/calendar';
import { hhmmToMinutes } from '../../booking/clock';
import { holdBlocks } from '../../booking/hold-blocks';
import type { SeatBlock } from '../../shared/seat-block';
import { toSeatBlock } from '../book/block-reads';
import type { Database } from '../db/schema';

// The seat blocks' writes and the holds they take (docs/decisions/0017-the-host-stand.md): a block holds each of
// its tables for each half hour of its time on each of its dates, under the key a booking's holds go under.

type Db = Kysely<Database> | Transaction<Database>;

/** The dates a block covers, first to last. */
export function datesOf(block: Pick<SeatBlock, 'firstDate' | 'lastDate'>): string[] {
  const dates: string[] = [];
  for (let date = block.firstDate; date <= block.lastDate; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** Who holds any of the block's tables in its time on its dates now: reservations and other blocks, by id. */
export async function holdersWithin(db: Db, block: Omit<SeatBlock, 'id' | 'createdAt' | 'createdBy'>) {
  const rows = await db
    .selectFrom('table_holds')
    .select(['reservationId', 'blockId'])
    .distinct()
    .where('tableId', 'in', block.tableIds)
    .where('reservationDate', '>=', block.firstDate)
    .where('reservationDate', '<=', block.lastDate)
    .where('blockStart', '>=', hhmmToMinutes(block.startTime))
    .where('blockStart', '<', hhmmToMinutes(block.endTime))
    .execute();
  return {
    reservationIds: rows.flatMap((row) => (row.reservationId === null ? [] : [row.reservationId])),
    blockIds: rows.flatMap((row) => (row.blockId === null ? [] : [row.blockId])),
  };
}

/** Writes a block and its holds; the key refuses a table-half-hour someone holds already (isHoldConflict). */
export async function insertBlock(trx: Transaction<Database>, block: SeatBlock): Promise<void> {
  await trx
    .insertInto('seat_blocks')
    .values({ ...block, tableIds: JSON.stringify(block.tableIds) })
    .execute();
  const halfHours = holdBlocks(block.startTime, block.endTime);
  for (const reservationDate of datesOf(block)) {
    const rows = block.tableIds.flatMap((tableId) =>
      halfHours.map((blockStart) => ({ tableId, reservationDate, blockStart, blockId: block.id })),
    );
    await trx.insertInto('table_holds').values(rows).execute();
  }
}

/** Removes a block (its holds go with it); the block removed, or undefined when there was none. */
export async function deleteBlock(db: Db, id: string): Promise<SeatBlock | undefined> {
  const row = await db.deleteFrom('seat_blocks').where('id', '=', id).returningAll().executeTakeFirst();
  return row && toSeatBlock(row);
}

/** The blocks with these ids. */
export async function blocksById(db: Db, ids: string[]): Promise<SeatBlock[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('seat_blocks').selectAll().where('id', 'in', ids).execute();
  return rows.map(toSeatBlock);
}
