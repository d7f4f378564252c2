import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app';
import type { Auth } from '../auth';

type Session = NonNullable<AppEnv['Variables']['session']>;

/** How long an answer is kept: a session ended on another instance, or in the database by hand, stops within it. */
export const SESSION_CACHE_MS = 2000;
/** Only sessions that exist are kept, at most this many; the oldest goes first. */
const MAX_CACHED_SESSIONS = 5000;
/** A real session cookie is about 100 characters; longer keys (padded cookies) are looked up but not kept. */
const MAX_KEY_LENGTH = 512;

/** The values of the cookie named `name` ('' without one), in the order sent: what Better Auth reads. */
function sessionCookieKey(cookieHeader: string, name: string): string {
  let key = '';
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) key += `${pair.slice(separator + 1).trim()};`;
  }
  return key;
}

/**
 * Who is asking, from the session cookie alone, for every /api request after Better Auth's own.
 *
 * Better Auth's lookup costs about 0.3 ms of CPU (its endpoint machinery around two queries), as much as the
 * availability read itself, and a page asks for the session and its data in one burst. So a found session is kept
 * for SESSION_CACHE_MS (see docs/decisions/0006), keyed by the cookie itself, never past the session's expiry; and `forgetAll` runs around
 * every request that can end a session or change an account on this instance (sign-out, password, email,
 * verification), so those take effect at once here.
 */
export function createSessionLookup(auth: Auth) {
  const cache = new Map<string, { session: Session; until: number }>();
  // Bumped by forgetAll, so a lookup that overlapped an account change is not kept.
  let generation = 0;

  const forgetAll = () => {
    generation += 1;
    cache.clear();
  };

  /** The session and the cookies Better Auth set while finding it. */
  async function find(
    key: string,
    requestHeaders: Headers,
  ): Promise<{ session: Session | null; setCookies: string[] }> {
    const cached = cache.get(key);
    if (cached && cached.until > Date.now()) return { session: cached.session, setCookies: [] };
    cache.delete(key);

    const startedAt = generation;
    const { headers, response: session } = await auth.api.getSession({ headers: requestHeaders, returnHeaders: true });
    if (session && generation === startedAt && key.length <= MAX_KEY_LENGTH) {
      if (cache.size >= MAX_CACHED_SESSIONS) cache.delete(cache.keys().next().value!);
      cache.set(key, { session, until: Math.min(Date.now() + SESSION_CACHE_MS, session.session.expiresAt.getTime()) });
    }
    // Only a found session's cookies (a renewal) are passed on. The clearing cookie of an ended one is not: a
    // request sent before a password change and answered after it would clear the new session's cookie.
    return { session, setCookies: session ? headers.getSetCookie() : [] };
  }

  // Better Auth's session cookie name (with __Secure- in front when served over https).
  const cookieName = auth.$context.then((context) => context.authCookies.sessionToken.name);

  const lookup: MiddlewareHandler<AppEnv> = async (c, next) => {
    const key = sessionCookieKey(c.req.header('cookie') ?? '', await cookieName);
    // No session cookie, no session: no lookup at all.
    const { session, setCookies } = key ? await find(key, c.req.raw.headers) : { session: null, setCookies: [] };
    c.set('user', session?.user ?? null);
    c.set('session', session);
    await next();
    // Better Auth renews a session in use once a day by Set-Cookie: passed on, or the browser would drop the
    // cookie a week after sign-in however active the guest.
    for (const line of setCookies) c.res.headers.append('Set-Cookie', line);
  };

  /** The session a request's headers carry now: for a long-lived request (the admin's stream) to ask again. */
  const current = async (requestHeaders: Headers): Promise<Session | null> => {
    const key = sessionCookieKey(requestHeaders.get('cookie') ?? '', await cookieName);
    return key ? (await find(key, requestHeaders)).session : null;
  };

  /** Around a request that may end sessions or change who someone is: nothing from before it is used after. */
  const forgetAround: MiddlewareHandler = async (_c, next) => {
    forgetAll();
    try {
      await next();
    } finally {
      forgetAll();
    }
  };

  return { lookup, forgetAround, current };
}
