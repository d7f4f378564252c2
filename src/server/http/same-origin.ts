import type { MiddlewareHandler } from 'hono';
import { errorBody } from './errors';
import type { OriginPolicy } from './origins';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests a browser sent from another site, so a page elsewhere cannot act with a
 * guest's cookies. Browsers always send Origin on such requests (or at least Sec-Fetch-Site); requests
 * with neither come from non-browser clients, which carry no victim's cookies.
 */
export function sameOriginOnly(policy: OriginPolicy): MiddlewareHandler {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site');
      const crossOrigin = origin ? !policy.allows(origin, c.req.header('host')) : fetchSite === 'cross-site';
      if (crossOrigin) return c.json(errorBody(policy.refusal, 'cross_origin'), 403);
    }
    await next();
  };
}
