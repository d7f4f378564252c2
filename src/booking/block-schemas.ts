import { z } from 'zod';
import { oneLineText } from '../shared/one-line-text';
import { MAX_BLOCK_DATES, WHOLE_DAY } from '../shared/seat-block';
import { addDays, isIsoDate } from './calendar';
import { isHhmm } from './clock';

// The host's request to hold seats back (POST /api/blocks), as the date view's form and the server take it.

const onTheHalfHour = (hhmm: number) => (isHhmm(hhmm) || hhmm === 2400) && (hhmm % 100) % 30 === 0;

const date = (message: string) => z.string({ error: message }).refine(isIsoDate, message);
const halfHour = z
  .number({ error: 'Choose a time on the hour or the half hour' })
  .int()
  .refine(onTheHalfHour, 'Choose a time on the hour or the half hour');

export const createBlockSchema = z
  .object({
    tableIds: z
      .array(z.string().min(1).max(10), { error: 'Choose the tables or counter seats to block' })
      .min(1, 'Choose the tables or counter seats to block')
      .max(40, 'Choose at most 40 tables or counter seats')
      .refine((ids) => new Set(ids).size === ids.length, 'Choose each table once'),
    firstDate: date('Choose the first date to block'),
    /** The last date, included; the first date alone when left out. */
    lastDate: date('Choose the last date to block').optional(),
    /** Both, or neither for whole days. */
    startTime: halfHour.optional(),
    endTime: halfHour.optional(),
    note: oneLineText(80, {
      required: 'Say why these seats are blocked (a short note, such as "held for regulars")',
      tooLong: 'The note must be at most 80 characters',
      notOneLine: 'The note must be one line of text',
    }),
  })
  .strict()
  .transform((block) => ({
    ...block,
    lastDate: block.lastDate ?? block.firstDate,
    startTime: block.startTime ?? (block.endTime === undefined ? WHOLE_DAY.startTime : -1),
    endTime: block.endTime ?? (block.startTime === undefined ? WHOLE_DAY.endTime : -1),
  }))
  .superRefine((block, context) => {
    if (block.startTime < 0 || block.endTime < 0)
      context.addIssue({
        code: 'custom',
        path: ['endTime'],
        message: 'Choose both a start and an end time, or neither for whole days',
      });
    else if (block.endTime <= block.startTime)
      context.addIssue({ code: 'custom', path: ['endTime'], message: 'The end time must be after the start time' });
    if (block.lastDate < block.firstDate)
      context.addIssue({ code: 'custom', path: ['lastDate'], message: 'The last date must not be before the first' });
    else if (block.lastDate > addDays(block.firstDate, MAX_BLOCK_DATES - 1))
      context.addIssue({
        code: 'custom',
        path: ['lastDate'],
        message: `One block covers at most ${MAX_BLOCK_DATES} dates`,
      });
  });

export type CreateBlockInput = z.output<typeof createBlockSchema>;
