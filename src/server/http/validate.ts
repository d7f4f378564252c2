import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
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
