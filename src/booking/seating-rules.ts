import { clockToHhmm, hhmmToMinutes, RESERVATION_MINUTES } from './clock';
import { HOLD_BLOCK_MINUTES } from './hold-blocks';
import type { Seatings } from './seatings';

// Which patterns of seatings can be saved (the settings' hours, the first-start file): apart from seatings.ts,
// which the booking page loads, since only the admin's settings and the server check them.

const GRID_RULE = `must fall on the ${HOLD_BLOCK_MINUTES}-minute grid (seatings start on the hour or half hour)`;
/** The last start that still ends by midnight: a reservation's times are of one day. */
const LATEST_START = 24 * 60 - RESERVATION_MINUTES;

/** How the fields are named in a refusal: "the first seating must ...". */
export const SEATINGS_FIELD_LABELS: Record<keyof Seatings, string> = {
  first: 'the first seating',
  last: 'the last seating',
  everyMinutes: 'the interval',
};

/**
 * What is wrong with a pattern of seatings, field by field (each rule reads after the field's name). The double-booking guard holds tables in 30-minute
 * blocks (hold-blocks.ts): a seating off that grid would share a block with the one before it, and a time
 * availability offers would then be refused. A reservation is one day's: the last seating ends by midnight.
 */
export function seatingRuleBreaks(seatings: Seatings): { field: keyof Seatings; rule: string }[] {
  const minutes = (clock: string) => hhmmToMinutes(clockToHhmm(clock));
  const breaks: { field: keyof Seatings; rule: string }[] = [];
  if (minutes(seatings.first) % HOLD_BLOCK_MINUTES !== 0) breaks.push({ field: 'first', rule: GRID_RULE });
  if (seatings.everyMinutes % HOLD_BLOCK_MINUTES !== 0) breaks.push({ field: 'everyMinutes', rule: GRID_RULE });
  if (minutes(seatings.last) < minutes(seatings.first))
    breaks.push({ field: 'last', rule: 'must not be before the first seating' });
  else if (minutes(seatings.last) > LATEST_START)
    breaks.push({ field: 'last', rule: 'must start by 22:30, so that dinner ends by midnight' });
  return breaks;
}
