import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'config-test-')) });

describe('loadConfig', () => {
  it('fills the documented defaults', () => {
    const config = loadConfig(base());
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database.dialect).toBe('sqlite');
    expect(config.restaurant.timeZone).toBe('America/Los_Angeles');
    expect(config.restaurant.tables).toHaveLength(20);
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.google).toBeUndefined();
    expect(config.trustProxy).toBe(false);
  });

  it('keeps the generated auth secret across starts', () => {
    const env = base();
    expect(loadConfig(env).authSecret).toBe(loadConfig(env).authSecret);
  });

  it('chooses PostgreSQL for postgres:// URLs', () => {
    const config = loadConfig({ ...base(), DATABASE_URL: 'postgres://u@localhost:5432/db' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@localhost:5432/db' });
  });

  it('lower-cases the admin email so the admin rule compares like with like', () => {
    expect(loadConfig({ ...base(), ADMIN_EMAIL: 'Owner@Example.com' }).adminEmail).toBe('owner@example.com');
  });

  it.each([
    [{ PORT: '-1' }, /^PORT: must be a whole number/],
    [{ PUBLIC_URL: 'ftp://x' }, /^PUBLIC_URL: must be an http\(s\) URL/],
    [{ ADMIN_EMAIL: 'not-an-email' }, /^ADMIN_EMAIL: must be an email address/],
    [{ ADMIN_PASSWORD: 'long-enough-password' }, /^ADMIN_EMAIL: must be set when ADMIN_PASSWORD is set$/],
    [
      { GOOGLE_CLIENT_ID: 'id-only' },
      /^GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together$/,
    ],
    [{ SMTP_URL: 'http://mail' }, /^SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ AUTH_SECRET: 'short' }, /^AUTH_SECRET: must be at least 32 characters/],
    [{ TRUST_PROXY: 'maybe' }, /^TRUST_PROXY: /],
  ])('%o is refused with a message naming the variable', (env, message) => {
    expect(() => loadConfig({ ...base(), ...env })).toThrow(message);
  });
});
