import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CONFIG_PLACEHOLDER } from '../../src/server/http/spa';
import { TestClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// The app's pages over real HTTP: every path gets the app (which shows its own 404 page), except an address with
// a trailing slash, which is sent to the one without (SPEC section 2: routes match exactly).

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

  it.each([
    ['/my-reservations/', '/my-reservations'],
    ['/legal/privacy-policy//', '/legal/privacy-policy'],
    [
      '/auth/signin/?next=%2Fprivacy&message=Please%20sign%20in',
      '/auth/signin?next=%2Fprivacy&message=Please%20sign%20in',
    ],
    ['/auth/?type=forgotpass', '/auth?type=forgotpass'],
    ['/My-Reservations/', '/My-Reservations'],
  ])('sends %s to %s', async (path, target) => {
    const response = await visitor.get(path);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(target);
  });

  it('never sends a visitor to another site', async () => {
    for (const path of ['//evil.example/', '///evil.example//path/']) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get('location'), path).toMatch(/^\/[^/]/);
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
