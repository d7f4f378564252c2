import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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
    expect(config.firstStartDefaults.tables).toHaveLength(20);
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.google).toBeUndefined();
    expect(config.trustProxy).toBe(false);
    expect(config.backups).toEqual({ dir: join(config.dataDir, 'backups'), hour: 4, keep: 7 });
    expect(config.authSecretFile).toBe(join(config.dataDir, 'auth-secret'));
  });

  it('reads the backup settings, and knows the auth secret has no file when AUTH_SECRET is set', () => {
    const config = loadConfig({
      ...base(),
      BACKUP_DIR: '/srv/backups',
      BACKUP_HOUR: '23',
      BACKUP_KEEP: '30',
      AUTH_SECRET: 'a'.repeat(32),
    });
    expect(config.backups).toEqual({ dir: '/srv/backups', hour: 23, keep: 30 });
    expect(config.authSecretFile).toBeUndefined();
  });

  it('keeps the generated auth secret across starts', () => {
    const env = base();
    expect(loadConfig(env).authSecret).toBe(loadConfig(env).authSecret);
  });

  it.each([
    ['an empty', '\n', /^AUTH_SECRET: the secret file .*auth-secret is empty; delete it/],
    ['a short', 'abc123\n', /^AUTH_SECRET: the secret file .*auth-secret is shorter than 32 characters; delete it/],
  ])('refuses %s secret file instead of signing with a weak or default secret', (_kind, content, message) => {
    const env = base();
    writeFileSync(join(env.DATA_DIR, 'auth-secret'), content);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('refuses a secret file it cannot read, naming it', () => {
    const env = base();
    mkdirSync(join(env.DATA_DIR, 'auth-secret'));
    expect(() => loadConfig(env)).toThrow(/^AUTH_SECRET: cannot read the secret file .*auth-secret \(EISDIR\)$/);
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
    [{ BACKUP_HOUR: '24' }, /^BACKUP_HOUR: must be a whole hour from 0 to 23 \(got "24"\)$/],
    [{ BACKUP_HOUR: 'four' }, /^BACKUP_HOUR: must be a whole hour from 0 to 23/],
    [{ BACKUP_KEEP: '0' }, /^BACKUP_KEEP: must be a whole number from 1 to 1000 \(got "0"\)$/],
    [{ BACKUP_KEEP: '2.5' }, /^BACKUP_KEEP: must be a whole number from 1 to 1000/],
  ])('%o is refused with a message naming the variable', (env, message) => {
    expect(() => loadConfig({ ...base(), ...env })).toThrow(message);
  });
});
