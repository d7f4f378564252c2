import type { Context, MiddlewareHandler } from 'hono';
import { errorBody } from './errors';

// U+0000 anywhere in a request's path, query or body is refused. PostgreSQL text cannot hold it: without this guard
// such a value (a booking name, a reservation id, an email-action code, Better Auth's reset token or profile name)
// reached the database and came back as a 500. No field of ours has a use for it, so it is refused at the door, on
// both databases alike: here the path and query, and the body where it is read (request-body.ts).

/** The answer to a request that carries U+0000, wherever it is. */
export const refusedForNul = (c: Context) => c.json(errorBody('Invalid request', 'invalid_request'), 400);

/** Refuses a request whose path or query carries U+0000 (written %00). */
export function refuseNulInUrl(): MiddlewareHandler {
  return async (c, next) => {
    // The whole URL: a host cannot hold %00 either, and parsing the URL for its parts cost more than the check.
    if (/%00/i.test(c.req.url)) return refusedForNul(c);
    await next();
  };
}

/** Whether a request body, as text, carries U+0000: as itself, or escaped in JSON or in a form. */
export function textHasNul(text: string, contentType: string): boolean {
  if (text.includes('\u0000')) return true;
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) return /%00/i.test(text);
  if (!/\bjson\b/i.test(contentType) || !text.includes('\\u0000')) return false;
  try {
    return holdsNul(JSON.parse(text));
  } catch {
    return false; // malformed JSON: the route refuses it in its own words
  }
}

/** Whether any string (or key) in a parsed JSON value contains U+0000; iterative, so deep nesting is fine. */
function holdsNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value && typeof value === 'object') {
      for (const [key, field] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(field);
      }
    }
  }
  return false;
}
