import type { MiddlewareHandler } from 'hono';
import { errorBody } from './errors';

/**
 * Refuses a request carrying the character U+0000 anywhere in its path, query or body. PostgreSQL text
 * cannot hold it: without this guard such a value (a booking name, a reservation id, an email-action code,
 * Better Auth's reset token or profile name) reached the database and came back as a 500. No field of ours
 * has a use for it, so it is refused at the door, on both databases alike.
 */
export function refuseNulCharacters(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (/%00/i.test(url.pathname + url.search) || (await bodyHasNul(c.req.raw))) {
      return c.json(errorBody('Invalid request', 'invalid_request'), 400);
    }
    await next();
  };
}

async function bodyHasNul(request: Request): Promise<boolean> {
  // A GET or HEAD has no body in the Fetch API; asking for it would make the Node adapter build a whole web
  // Request for every such request (7% of the server's time on a release night), only to find none.
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  if (!request.body) return false;
  // A copy, so the route (or Better Auth) still reads the body itself.
  const text = await request.clone().text();
  if (text.includes('\u0000')) return true;
  const type = request.headers.get('content-type') ?? '';
  if (/^application\/x-www-form-urlencoded/i.test(type)) return /%00/i.test(text);
  if (!/\bjson\b/i.test(type) || !text.includes('\\u0000')) return false;
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
