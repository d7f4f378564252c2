import { z } from 'zod';
import { seatingRuleBreaks } from './seating-rules';
import { TABLE_LOCATIONS } from '../shared/seat-types';

// The file RESTAURANT_CONFIG names (config/restaurant.json): the floor plan, the opening pattern, closed dates,
// the address and links. It fills the owner's settings on the first start only; after that the admin's
// Settings are the truth (docs/decisions/0010-owner-settings.md). Read by the server alone.

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 17:00');

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-12-24');

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
    /** Weekdays closed every week, 0 Sunday to 6 Saturday (the spec's Monday by default). */
    closedWeekdays: z.array(z.number().int().min(0).max(6)).default([1]),
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
    for (const { field, rule } of seatingRuleBreaks(value.seatings)) {
      ctx.addIssue({ code: 'custom', message: rule, path: ['seatings', field] });
    }
  });

export type RestaurantConfig = z.infer<typeof restaurantConfigSchema>;
