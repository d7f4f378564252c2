import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, unwrap } from './api-client';

// The client's calls as they arrive at a real HTTP server: method, path, query, headers and body.

interface Received {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

describe('API client', () => {
  let server: Server;
  let baseUrl: string;
  const received: Received[] = [];

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({
          method: request.method!,
          url: request.url!,
          contentType: request.headers['content-type'],
          body,
        });
        const refused = request.url!.includes('refuse');
        response.writeHead(refused ? 409 : 200, { 'Content-Type': 'application/json' });
        response.end(
          JSON.stringify(
            refused ? { error: { message: 'That time slot has been booked.', code: 'slot_taken' } } : { ok: 1 },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends a GET with its query, leaving out unset values', async () => {
    const api = createApiClient(baseUrl);
    const body = await unwrap(
      api.availability.$get({ query: { date: '2026-12-01', partySize: '2', seatType: 'table', excludeId: undefined } }),
    );
    expect(body).toEqual({ ok: 1 });
    expect(received.at(-1)).toEqual({
      method: 'GET',
      url: '/api/availability?date=2026-12-01&partySize=2&seatType=table',
      contentType: undefined,
      body: '',
    });
  });

  it('puts path parameters in the path, encoded, and sends JSON bodies', async () => {
    const api = createApiClient(baseUrl);
    await unwrap(api.reservations[':id'].$patch({ param: { id: 'a/b c' }, json: { name: 'Ann Guest' } }));
    expect(received.at(-1)).toEqual({
      method: 'PATCH',
      url: '/api/reservations/a%2Fb%20c',
      contentType: 'application/json',
      body: '{"name":"Ann Guest"}',
    });
    await unwrap(api.reservations[':id'].$delete({ param: { id: 'r1' } }));
    expect(received.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/reservations/r1', body: '' });
    await unwrap(api.reservations.all.$get());
    expect(received.at(-1)).toMatchObject({ method: 'GET', url: '/api/reservations/all' });
  });

  it("turns an error answer into ApiError with the server's message", async () => {
    const api = createApiClient(`${baseUrl}/refuse`);
    const error = await unwrap(api.reservations.$post({ json: {} as never })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'That time slot has been booked.', code: 'slot_taken' });
    expect(received.at(-1)).toMatchObject({ method: 'POST', url: '/api/refuse/reservations', body: '{}' });
  });

  it('is not mistaken for a promise', () => {
    const api = createApiClient(baseUrl);
    expect((api.reservations as unknown as { then?: unknown }).then).toBeUndefined();
  });
});
