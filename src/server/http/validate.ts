import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z, type ZodType } from 'zod';
import { AppError } from './errors';

/** Request validation that fails in the one error shape, with the schema's first message (the spec's words). */
export const validate = <Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      throw new AppError('invalid_request', result.error.issues[0]?.message ?? 'Invalid request');
    }
  });

/** A record's id in a path (a reservation's, a table's): bounded, so a long string is refused before any work. */
export const idParam = z.object({ id: z.string().min(1).max(100) });
