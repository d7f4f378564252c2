import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CreateBlockInput } from '../../booking/block-schemas';
import { activeTables } from '../../booking/restaurant-settings';
import { byDateThenStart } from '../../booking/sort-orders';
import { countOf } from '../../booking/words';
import type { SeatBlock } from '../../shared/seat-block';
import { reservationsWithIds } from '../book/book-reads';
import type { ChangeFeed } from '../change-feed/change-feed';
import type { AppConfig } from '../config';
import { isHoldConflict } from '../db/hold-conflict';
import type { Database } from '../db/schema';
import type { Actor } from '../http/app-env';
import { AppError } from '../http/errors';
import { restaurantClock } from '../restaurant-clock';
import type { LiveSettings } from '../settings/live-settings';
import { blocksById, holdersWithin, insertBlock } from './block-store';

/** What the seat blocks' operations work with. */
export interface BlockDeps {
  db: Kysely<Database>;
  config: AppConfig;
  feed: ChangeFeed;
  settings: LiveSettings;
  now: () => Date;
}

type Wanted = Omit<SeatBlock, 'id' | 'createdAt' | 'createdBy'>;

/**
 * The host holds seats back (docs/decisions/0017-the-host-stand.md): from today on, tables in use, and never over a
 * reservation or another block, which are named in the refusal. The block's holds go under the key every booking's
 * do, so a block and a booking racing for the same seats never both get them.
 */
export async function createBlock({
  deps,
  actor,
  input,
}: {
  deps: BlockDeps;
  actor: Actor;
  input: CreateBlockInput;
}): Promise<SeatBlock> {
  const block: SeatBlock = {
    id: randomUUID(),
    ...input,
    createdAt: deps.now().toISOString(),
    createdBy: actor.email,
  };
  try {
    await deps.db.transaction().execute(async (trx) => {
      const settings = await deps.settings.forWrite(trx);
      const inUse = new Set(activeTables(settings.tables).map((table) => table.id));
      if (block.tableIds.some((id) => !inUse.has(id)))
        throw new AppError('invalid_tables', 'Choose tables and counter seats that are in use');
      if (block.firstDate < restaurantClock(deps).today)
        throw new AppError('date_not_bookable', 'Seats can be blocked from today on');
      await refuseIfHeld(trx, block);
      await insertBlock(trx, block);
    });
  } catch (error) {
    // A booking took some of the seats between the check and the write: say whose, as the check would have.
    if (!isHoldConflict(error)) throw error;
    await refuseIfHeld(deps.db, block);
    throw new AppError('slot_taken', 'Those seats were just booked. Please refresh the page.');
  }
  deps.feed.publish({ type: 'blocks', firstDate: block.firstDate, lastDate: block.lastDate });
  return block;
}

/** Refuses a block over seats a reservation or another block holds, naming them. */
async function refuseIfHeld(db: Parameters<typeof holdersWithin>[0], wanted: Wanted) {
  const holders = await holdersWithin(db, wanted);
  if (holders.reservationIds.length) {
    const held = (await reservationsWithIds(db, holders.reservationIds)).sort(byDateThenStart);
    throw new AppError(
      'strands_reservations',
      `Blocking these seats would leave ${countOf(held.length, 'reservation')} without ${held.length === 1 ? 'its' : 'their'} tables. Move ${held.length === 1 ? 'it' : 'them'} to other tables with Change Seats first, or block other seats or times.`,
      held,
    );
  }
  if (holders.blockIds.length) {
    const notes = (await blocksById(db, holders.blockIds)).map((other) => `"${other.note}"`).join(', ');
    throw new AppError('conflict', `Some of these seats are blocked already then (${notes}).`);
  }
}
