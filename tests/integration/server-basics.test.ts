import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// The app's own routes through the typed api. Untyped for what it cannot say: a path that does not exist, a body
// too large to be read or not JSON at all, and Better Auth's endpoints (in the logging test).
describe('server basics over real HTTP', () => {
  let server: TestServer;
  let visitor: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    visitor = new TestClient(server.url);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers /api/health with the database status', async () => {
    const response = await visitor.api.health.$get();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: server.testDatabase.dialect });
  });

  it('reports a signed-out visitor as having no user', async () => {
    const response = await visitor.api.session.$get();
    expect(response.body).toEqual({ user: null });
  });

  it('answers unknown API paths with a JSON 404 in the one error shape', async () => {
    const response = await fetch(`${server.url}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { message: 'Not found', code: 'not_found' } });
  });

  it('sends security headers with a same-origin content security policy', async () => {
    const response = await visitor.api.health.$get();
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('keeps API answers out of caches', async () => {
    // One list of paths, a missing one among them: plain fetches.
    for (const path of ['/api/session', '/api/no-such-thing', '/api/reservations/mine']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('refuses an oversized body before reading it, in the one error shape', async () => {
    for (const path of ['/api/reservations', '/api/auth/sign-in/email']) {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ name: 'x'.repeat(100_000) }),
      });
      expect(response.status, path).toBe(413);
      expect(await response.json()).toEqual({
        error: { message: 'The request is too large.', code: 'payload_too_large' },
      });
    }
  });

  it('refuses an oversized body sent in chunks, with no length declared, once it grows past the limit', async () => {
    for (const path of ['/api/reservations', '/api/auth/sign-in/email']) {
      const chunk = new TextEncoder().encode(`"${'x'.repeat(16 * 1024)}",`);
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          // Up to 160 KB: the server stops reading past 64 KB, so the stream may never be read to its end.
          if (sent++ < 10) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(response.status, path).toBe(413);
      expect(await response.json()).toEqual({
        error: { message: 'The request is too large.', code: 'payload_too_large' },
      });
    }
  });
});

describe('logging', () => {
  it("writes Better Auth's lines through the app's logger, at its level, and nothing to the console", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const consoleSpies = (['log', 'info', 'warn', 'error'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(() => undefined),
    );
    const server = await startTestServer({ logger });
    try {
      const guest = new TestClient(server.url);
      expect((await guest.signUp('logged@example.com', 'logged-password-1')).status).toBe(200);
      expect((await new TestClient(server.url).signIn('logged@example.com', 'not-the-password')).status).toBe(401);
      // A refusal by Better Auth's router (a body that is not JSON) and one by its origin check.
      const notJson = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', origin: server.url },
        body: 'hello',
      });
      expect(notJson.status).toBe(415);
      const offSite = await guest.post('/api/auth/sign-in/social', {
        provider: 'google',
        callbackURL: 'https://evil.example/',
      });
      expect(offSite.status).toBe(403);
      expect(lines).toContainEqual(
        expect.objectContaining({ component: 'better-auth', level: 40, msg: 'Invalid password' }),
      );
      for (const spy of consoleSpies) {
        expect(spy.mock.calls.filter((call) => String(call[0]).includes('Better Auth'))).toEqual([]);
      }
    } finally {
      for (const spy of consoleSpies) spy.mockRestore();
      await server.stop();
    }
  });
});
