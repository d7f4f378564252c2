import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, SeatBlocksTable } from '../db/schema';
import type { SeatBlock } from '../../shared/seat-block';

// The seat blocks a date has (docs/decisions/0017-the-host-stand.md): read by the book's availability
// (reservations/reservation-store.ts bookedOn) and by the host stand's own screens (blocks/).

type Db = Kysely<Database> | Transaction<Database>;

/** The blocks that cover `date`, earliest first. */
export async function blocksOn(db: Db, date: string): Promise<SeatBlock[]> {
  const rows = await db
    .selectFrom('seat_blocks')
    .selectAll()
    .where('firstDate', '<=', date)
    .where('lastDate', '>=', date)
    .orderBy('startTime')
    .orderBy('createdAt')
    .execute();
  return rows.map(toSeatBlock);
}

/** A stored block as the app has it. */
export const toSeatBlock = (row: Selectable<SeatBlocksTable>): SeatBlock => ({
  ...row,
  tableIds: JSON.parse(row.tableIds) as string[],
  startTime: Number(row.startTime),
  endTime: Number(row.endTime),
});
