import { addMinutes, hhmmToMinutes, minutesToHhmm } from './clock';
import { HOLD_BLOCK_MINUTES } from './hold-blocks';

// The host stand's half hours (docs/decisions/0017-the-host-stand.md): where a walk-in's tables are taken from and
// where a table let go is free from. Apart from hold-blocks.ts, which the guest's first load carries.

/** The start (HHMM) of the block under way at `nowHhmm`: where a walk-in's tables are taken from. */
export function currentBlockStart(nowHhmm: number): number {
  const minutes = hhmmToMinutes(nowHhmm);
  return minutesToHhmm(Math.floor(minutes / HOLD_BLOCK_MINUTES) * HOLD_BLOCK_MINUTES);
}

/** The start (HHMM) of the first block after the one under way at `nowHhmm`: where a table freed now is free from. */
export function nextBlockStart(nowHhmm: number): number {
  return addMinutes(currentBlockStart(nowHhmm), HOLD_BLOCK_MINUTES);
}
