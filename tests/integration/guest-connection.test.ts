import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { guestConnection } from '../support/guest-connection';

// The release-night load generator's light client (tests/support/guest-connection.ts) against a real Node HTTP
// server: it must read every answer as a browser would, or the bench's figures mean nothing.

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A server answering by `handle`, and the connections it accepted. */
async function serve(handle: Parameters<typeof createServer>[1]) {
  const accepted: unknown[] = [];
  server = createServer(handle);
  server.on('connection', (socket) => accepted.push(socket));
  await new Promise<void>((ready) => server!.listen(0, '127.0.0.1', ready));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, accepted };
}

describe('guest connection', () => {
  it('sends the method, path, headers and body, and reads a Content-Length answer, on one kept connection', async () => {
    const seen: string[] = [];
    const { url, accepted } = await serve((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        seen.push(`${request.method} ${request.url} ${request.headers.cookie} ${request.headers.host} ${body}`);
        response.writeHead(request.method === 'POST' ? 409 : 200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ echo: body, ü: 'ß' }));
      });
    });
    const connection = guestConnection(url, 5_000);
    const first = await connection.request({ method: 'GET', path: '/a?b=1', headers: { cookie: 'c=1' } });
    const second = await connection.request({
      method: 'POST',
      path: '/book',
      headers: { cookie: 'c=1', 'content-type': 'application/json' },
      body: '{"name":"Jürgen"}',
    });
    connection.close();
    expect(first).toEqual({ status: 200, text: JSON.stringify({ echo: '', ü: 'ß' }) });
    expect(second).toEqual({ status: 409, text: JSON.stringify({ echo: '{"name":"Jürgen"}', ü: 'ß' }) });
    const host = new URL(url).host;
    expect(seen).toEqual([`GET /a?b=1 c=1 ${host} `, `POST /book c=1 ${host} {"name":"Jürgen"}`]);
    expect(accepted).toHaveLength(1);
  });

  it('reads a chunked answer, and one that ends with the connection', async () => {
    const { url, accepted } = await serve((request, response) => {
      if (request.url === '/chunked') {
        response.write('{"part":');
        setImmediate(() => response.end('"two"}'));
      } else {
        // No length and no chunks: the answer runs to the end of the connection.
        response.socket!.end('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n\r\nto the end');
      }
    });
    const connection = guestConnection(url, 5_000);
    expect(await connection.request({ method: 'GET', path: '/chunked', headers: {} })).toEqual({
      status: 200,
      text: '{"part":"two"}',
    });
    expect(await connection.request({ method: 'GET', path: '/closing', headers: {} })).toEqual({
      status: 200,
      text: 'to the end',
    });
    // A third request after the server closed the connection opens a new one, as a browser would.
    expect((await connection.request({ method: 'GET', path: '/chunked', headers: {} })).status).toBe(200);
    connection.close();
    expect(accepted).toHaveLength(2);
  });

  it('names a timeout and a connection cut before the whole answer, as the generator counts them', async () => {
    const { url } = await serve((request, response) => {
      if (request.url === '/cut') {
        response.writeHead(200, { 'content-length': '100' });
        response.write('only part');
        setImmediate(() => response.socket!.destroy());
      }
      // '/hang' is never answered.
    });
    await expect(
      guestConnection(url, 200).request({ method: 'GET', path: '/hang', headers: {} }),
    ).rejects.toMatchObject({
      code: 'REQUEST_TIMEOUT',
    });
    await expect(
      guestConnection(url, 5_000).request({ method: 'GET', path: '/cut', headers: {} }),
    ).rejects.toMatchObject({ code: 'SOCKET_CLOSED' });
  });
});
