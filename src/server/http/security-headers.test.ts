import type { AddressInfo } from 'node:net';
import { createAdaptorServer, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noStore, securityHeaders } from './security-headers';

/** A small app with the two middlewares as the real one has them, and routes that set headers of their own. */
function headersApp() {
  return new Hono()
    .use(securityHeaders())
    .use('/api/*', noStore())
    .get('/api/plain', (c) => c.json({ ok: true }))
    .get('/api/own', (c) => {
      c.header('Cache-Control', 'private, max-age=5');
      c.header('X-Frame-Options', 'SAMEORIGIN');
      return c.json({ ok: true });
    })
    .get('/page', (c) => c.html('<p>hi</p>'));
}

const named = (headers: Headers, names: string[]) => names.map((name) => [name, headers.get(name)]);

describe('the headers every answer carries', () => {
  let server: ServerType;
  let url: string;
  beforeAll(async () => {
    server = createAdaptorServer({ fetch: headersApp().fetch });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("sends through Node exactly the security headers Hono's secureHeaders sets, and no-store on the API", async () => {
    // The library's own middleware, on an answer with no Node response behind it.
    const library = await headersApp().request('/api/plain');
    const securityNames = [...library.headers.keys()].filter(
      (name) => !['content-type', 'cache-control'].includes(name),
    );
    expect(securityNames).toEqual(expect.arrayContaining(['content-security-policy', 'x-frame-options']));
    for (const path of ['/api/plain', '/page']) {
      const overNode = await fetch(url + path);
      expect(named(overNode.headers, securityNames), path).toEqual(named(library.headers, securityNames));
    }
    expect((await fetch(`${url}/api/plain`)).headers.get('cache-control')).toBe('no-store');
    expect(library.headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${url}/page`)).headers.get('cache-control')).toBeNull();
  });

  it('lets a route set its own cache and framing headers, once', async () => {
    const overNode = await fetch(`${url}/api/own`);
    expect(overNode.headers.get('cache-control')).toBe('private, max-age=5');
    expect(overNode.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(overNode.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // The same without Node behind it (the library's own middleware), as tests built on app.request see it.
    const own = await headersApp().request('/api/own');
    expect(own.headers.get('cache-control')).toBe('private, max-age=5');
    expect(own.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});
