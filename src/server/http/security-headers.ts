import type { HttpBindings } from '@hono/node-server';
import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

// Only our own origin may run scripts or be fetched. Google sign-in is a full-page redirect through our
// server, so it needs only the form/navigation target and Google's avatar host for images.
const libraryHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'https://lh3.googleusercontent.com'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: ["'self'", 'https://accounts.google.com'],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    xFrameOptions: 'DENY',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    // A route's own value wins, as it does over Node below (Node merges the app's headers over these).
    overwrite: false,
  });

/**
 * The security headers on every answer, as Hono's secureHeaders makes them. The library sets them on the finished
 * answer (c.res), which makes the Node adapter build a Headers object for every answer and leave its fast path: a
 * twentieth of the server's CPU on a release night (docs/benchmarks.md). So its headers are read once, from an
 * answer to a probe, and set on Node's response before the app runs; a header a route sets itself overrides its
 * namesake there, as Node merges them (and so the library is told not to overwrite either). A request with no Node response behind it (app.request in a test) gets the
 * library's own middleware.
 */
export function securityHeaders(): MiddlewareHandler {
  const onAnswer = libraryHeaders();
  let headers: [string, string][] = [];
  const probe = new Hono().use(onAnswer).get('/', (c) => c.body(null));
  const ready = Promise.resolve(probe.request('/')).then((answer) => {
    headers = [...answer.headers];
  });
  return async (c, next) => {
    const outgoing = nodeResponse(c.env);
    if (!outgoing) return onAnswer(c, next);
    if (headers.length === 0) await ready;
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    await next();
  };
}

/**
 * Cache-Control: no-store on answers the app does not mark itself, on Node's response before the app runs for the
 * reason above.
 */
export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    const outgoing = nodeResponse(c.env);
    if (outgoing) outgoing.setHeader('Cache-Control', 'no-store');
    await next();
    if (!outgoing && !c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'no-store');
  };
}

const nodeResponse = (env: unknown) => (env as Partial<HttpBindings> | undefined)?.outgoing;
