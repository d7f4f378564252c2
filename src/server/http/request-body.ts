import type { IncomingMessage } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { errorBody } from './errors';
import { refusedForNul, textHasNul } from './refuse-nul';

/** No request of ours comes near it: a larger body is refused before anything reads it. */
export const MAX_BODY_BYTES = 64 * 1024;

const tooLarge = (c: Context) => c.json(errorBody('The request is too large.', 'payload_too_large'), 413);

/**
 * Every /api request's body, read once before anything else looks at it: refused when larger than MAX_BODY_BYTES
 * or when it carries U+0000 (refuse-nul.ts). A GET or HEAD has none (in the Fetch API, asking for it would build a
 * whole web Request for nothing).
 *
 * Our own routes' bodies are read straight from Node's request and kept as the request's text, which is what
 * their validation parses (Hono's c.req.json reads the kept text). Through the Fetch API, as Better Auth reads
 * its own, each booking cost a web Request, a stream and a copy of it: a tenth of the server's CPU on a release
 * night (docs/benchmarks.md). Better Auth's routes, and a request with no Node request behind it (app.request in
 * a test), go the Fetch API's way, the body checked on a copy so Better Auth can still read it.
 */
export function requestBodies(): MiddlewareHandler {
  const limitWebBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    const contentType = c.req.header('content-type') ?? '';
    if (incoming && !c.req.path.startsWith('/api/auth/')) {
      const text = await readText(incoming);
      if (text === undefined) return tooLarge(c);
      if (textHasNul(text, contentType)) return refusedForNul(c);
      // Hono keeps each body read as a promise of it (its type says the value): c.req.json() parses this one.
      c.req.bodyCache.text = Promise.resolve(text) as unknown as string;
      return next();
    }
    let refused = false;
    // The too-large answer, when it is one.
    const answered = await limitWebBody(c, async () => {
      const request = c.req.raw;
      // A copy, so Better Auth still reads the body itself.
      if (request.body && textHasNul(await request.clone().text(), contentType)) refused = true;
      else await next();
    });
    return refused ? refusedForNul(c) : answered;
  };
}

/**
 * The body of Node's request as text (UTF-8, as the Fetch API decodes it), or undefined when it is larger than
 * MAX_BODY_BYTES: refused on its declared length before a byte is read, else as soon as it grows past it (what is
 * left is discarded by Node when the answer is sent).
 */
function readText(incoming: IncomingMessage): Promise<string | undefined> {
  if (Number(incoming.headers['content-length']) > MAX_BODY_BYTES) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('close', onClose);
      incoming.off('error', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      if (size <= MAX_BODY_BYTES) return;
      stop();
      resolve(undefined);
    };
    const onEnd = () => {
      stop();
      resolve(new TextDecoder().decode(Buffer.concat(chunks, size)));
    };
    // The client went away before the whole body came: nobody is left to answer.
    const onClose = () => {
      stop();
      reject(new HTTPException(400, { message: 'The request ended before its body.' }));
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('close', onClose);
    incoming.on('error', onClose);
  });
}
