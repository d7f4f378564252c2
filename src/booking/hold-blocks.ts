import { hhmmToMinutes } from './clock';

/** The database guard's granularity: a reservation holds its tables in 30-minute blocks. */
export const HOLD_BLOCK_MINUTES = 30;

/**
 * The starts (minutes since midnight) of the blocks [startTime, endTime) touches. Seatings fall on the
 * half hour, so two reservations share a block exactly when their times overlap.
 */
export function holdBlocks(startTime: number, endTime: number): number[] {
  const first = Math.floor(hhmmToMinutes(startTime) / HOLD_BLOCK_MINUTES) * HOLD_BLOCK_MINUTES;
  const end = hhmmToMinutes(endTime);
  const blocks: number[] = [];
  for (let block = first; block < end; block += HOLD_BLOCK_MINUTES) blocks.push(block);
  return blocks;
}
