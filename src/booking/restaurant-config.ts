import { z } from 'zod';
import { HOLD_BLOCK_MINUTES } from './hold-blocks';
import { TABLE_LOCATIONS } from '../shared/seat-types';

// The restaurant's floor plan and opening pattern, read from RESTAURANT_CONFIG (config/restaurant.json).
// Shared by the server (seeding, availability) and the client (seating times).

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 17:00');

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-12-24');

const GRID_RULE = `must fall on the ${HOLD_BLOCK_MINUTES}-minute grid (seatings start on the hour or half hour)`;

export const tableSchema = z.object({
  id: z.string().regex(/^(\d+|C\d+)$/, 'table ids are numbers, counter seat ids are C followed by a number'),
  numSeats: z.number().int().min(1).max(20),
  location: z.enum(TABLE_LOCATIONS),
  isReservable: z.boolean(),
});

export type RestaurantTable = z.infer<typeof tableSchema>;

export const restaurantConfigSchema = z
  .object({
    address: z.string().min(1),
    links: z.array(z.object({ label: z.string().min(1), url: z.url() })).default([]),
    seatings: z.object({
      first: clockTime,
      last: clockTime,
      everyMinutes: z.number().int().min(5).max(240),
    }),
    closedDates: z.array(isoDate).default([]),
    tables: z.array(tableSchema).min(1, 'must list at least one table'),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    for (const table of value.tables) {
      if (seen.has(table.id))
        ctx.addIssue({ code: 'custom', message: `table id ${table.id} is listed twice`, path: ['tables'] });
      seen.add(table.id);
      const isCounterId = table.id.startsWith('C');
      if (isCounterId !== (table.location === 'counter')) {
        ctx.addIssue({
          code: 'custom',
          message: `table ${table.id}: counter seats and only they have ids starting with C`,
          path: ['tables'],
        });
      }
    }
    // The double-booking guard holds tables in 30-minute blocks (hold-blocks.ts): a seating off that grid would
    // share a block with the one before it, and a time availability offers would then be refused. Such a
    // config is refused here, naming the field, instead.
    const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));
    const offGrid = (n: number) => n % HOLD_BLOCK_MINUTES !== 0;
    if (offGrid(minutes(value.seatings.first)))
      ctx.addIssue({ code: 'custom', message: GRID_RULE, path: ['seatings', 'first'] });
    if (offGrid(value.seatings.everyMinutes))
      ctx.addIssue({ code: 'custom', message: GRID_RULE, path: ['seatings', 'everyMinutes'] });
    if (value.seatings.first > value.seatings.last) {
      ctx.addIssue({ code: 'custom', message: 'seatings.first must not be after seatings.last', path: ['seatings'] });
    }
  });

export type RestaurantConfig = z.infer<typeof restaurantConfigSchema>;
