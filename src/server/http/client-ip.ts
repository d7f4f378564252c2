import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address rate limits are keyed on. A client-sent X-Forwarded-For is ignored unless TRUST_PROXY is set,
 * because anyone can write that header; behind our own proxy, the proxy appends the real peer last.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').pop()?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Requests made in-process (app.request in tests) have no socket.
    return 'unknown';
  }
}
