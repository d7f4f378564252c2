import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { errorBody } from './errors';

/**
 * The profile fields Better Auth's /update-user may change. On its own it stores whatever JSON type it is
 * sent (a number as the text "1", an object as "[object Object]") and answers 500 to `"name": null` (the
 * column is NOT NULL), so the body is checked here first.
 */
const profileFields = z.object({
  name: z
    .string({ error: 'Please enter your name' })
    .trim()
    .min(1, 'Please enter your name')
    .max(100, 'Name must be at most 100 characters long')
    .optional(),
  image: z.string({ error: 'Invalid image' }).max(2048, 'Invalid image').nullable().optional(),
});

export function validProfileUpdate(): MiddlewareHandler {
  return async (c, next) => {
    if (/\bjson\b/i.test(c.req.header('content-type') ?? '')) {
      // A copy: Better Auth reads the body itself afterwards.
      const body: unknown = await c.req.raw
        .clone()
        .json()
        .catch(() => undefined);
      // Malformed JSON, or not an object: Better Auth refuses those in its own words.
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        const result = profileFields.safeParse(body);
        if (!result.success) {
          return c.json(errorBody(result.error.issues[0]?.message ?? 'Invalid request', 'invalid_request'), 400);
        }
      }
    }
    await next();
  };
}
