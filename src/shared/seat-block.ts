// Seats the host holds back (docs/decisions/0017-the-host-stand.md): some tables or counter seats, from one date to
// another (both included), for a time range on each, or the whole day, with a short note saying why. Not offered to
// guests, not given by the automatic assignment; the admin can still book one by choosing it. No zod here: the
// admin's date view reads these.

export interface SeatBlock {
  id: string;
  tableIds: string[];
  firstDate: string;
  lastDate: string;
  /** HHMM on the half hour; a whole day is 0 to 2400. */
  startTime: number;
  endTime: number;
  note: string;
  createdAt: string;
  /** The admin's email. */
  createdBy: string;
}

/** A block of whole days holds its seats from midnight to midnight. */
export const WHOLE_DAY = { startTime: 0, endTime: 2400 } as const;

export const isWholeDay = (block: Pick<SeatBlock, 'startTime' | 'endTime'>) =>
  block.startTime === WHOLE_DAY.startTime && block.endTime === WHOLE_DAY.endTime;

/** The longest run of dates one block covers. */
export const MAX_BLOCK_DATES = 31;
