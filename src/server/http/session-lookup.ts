import type { MiddlewareHandler } from 'hono';
import type { Auth } from '../auth';
import type { AppDatabase } from '../db/database';
import type { Actor, AppEnv, Role, Session } from './app-env';
import { createSessionFastPath } from './session-fast-path';

/**
 * Who is asking, from the session cookie alone, for every /api request after Better Auth's own: the session,
 * and the caller (`c.var.actor`) with its role decided once. Asked of Better Auth each time, so a session ended
 * anywhere stops at once (see docs/decisions/0006).
 */
export function createSessionLookup(
  auth: Auth,
  /** Whether a session holds the admin grant (accounts/admin-grants.ts). */
  adminGrants: { roleOf(session: Session): Promise<Role> },
  database: Pick<AppDatabase, 'db' | 'readNow'>,
) {
  // Better Auth's session cookie name (with __Secure- in front when served over https).
  const cookieName = auth.$context.then((context) => context.authCookies.sessionToken.name);
  const fastPath = createSessionFastPath(auth, database.db, database.readNow);

  /** The session the headers carry, and the cookies Better Auth set while finding it. */
  async function find(requestHeaders: Headers): Promise<{ session: Session | null; setCookies: string[] }> {
    const cookies = requestHeaders.get('cookie') ?? '';
    // No session cookie, no session: no lookup at all.
    if (!cookies.includes(`${await cookieName}=`)) return { session: null, setCookies: [] };
    // The plain case without Better Auth's endpoint machinery; every other case is Better Auth's.
    const plain = await (await fastPath).find(cookies);
    if (plain) return { session: plain, setCookies: [] };
    const { headers, response: session } = await auth.api.getSession({ headers: requestHeaders, returnHeaders: true });
    // Only a found session's cookies (a renewal) are passed on. The clearing cookie of an ended one is not: a
    // request sent before a password change and answered after it would clear the new session's cookie.
    return { session, setCookies: session ? headers.getSetCookie() : [] };
  }

  const actorOf = async (session: Session | null): Promise<Actor | null> =>
    session
      ? { userId: session.user.id, email: session.user.email.toLowerCase(), role: await adminGrants.roleOf(session) }
      : null;

  const lookup: MiddlewareHandler<AppEnv> = async (c, next) => {
    const { session, setCookies } = await find(c.req.raw.headers);
    c.set('session', session);
    c.set('actor', await actorOf(session));
    await next();
    // Better Auth renews a session in use once a day by Set-Cookie: passed on, or the browser would drop the
    // cookie a week after sign-in however active the guest.
    for (const line of setCookies) c.res.headers.append('Set-Cookie', line);
  };

  /** The caller a request's headers carry now: for a long-lived request (the admin's stream) to ask again. */
  const currentActor = async (requestHeaders: Headers): Promise<Actor | null> =>
    actorOf((await find(requestHeaders)).session);

  return { lookup, currentActor };
}
