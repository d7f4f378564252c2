import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CONFIG_PLACEHOLDER } from '../../src/server/http/spa';
import { TestClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// The app's pages over real HTTP: every path gets the app, which shows its own 404 page for a path it does not have
// (SPEC section 2: routes match exactly, so an address with a trailing slash is not found); an address beginning
// with more than one slash is sent to the one with one.

describe('page addresses', () => {
  let server: TestServer;
  let clientDir: string;
  let visitor: TestClient;

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'client-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(
      join(clientDir, 'index.html'),
      `<!doctype html><html><head>${PUBLIC_CONFIG_PLACEHOLDER}</head></html>`,
    );
    server = await startTestServer({ clientDir });
    visitor = new TestClient(server.url);
  });
  afterAll(async () => {
    await server.stop();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves the app (and so its 404 page) for an address with a trailing slash, never a redirect', async () => {
    for (const path of ['/admin/', '/my-reservations/', '/legal/privacy-policy//', '/auth/signin/?next=%2Fprivacy']) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toContain('text/html');
    }
  });

  it('never sends a visitor to another site', async () => {
    for (const [path, target] of [
      ['//evil.example/', '/evil.example/'],
      ['///evil.example//path/?q=1', '/evil.example//path/?q=1'],
    ] as const) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get('location'), path).toBe(target);
    }
  });

  it('serves the app for exact addresses, known or not, in any letter case', async () => {
    for (const path of ['/', '/my-reservations', '/auth?type=signin', '/ADMIN', '/no/such/page']) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toContain('text/html');
    }
  });

  it('leaves API addresses to the API', async () => {
    const response = await visitor.get('/api/health/');
    expect(response.status).not.toBe(301);
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});
