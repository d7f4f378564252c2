import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupFileName, listBackups, partialName, pruneDailyBackups, removeStalePartials } from './backup-files';

const folder = (names: string[]) => {
  const dir = mkdtempSync(join(tmpdir(), 'backup-files-'));
  for (const name of names) writeFileSync(join(dir, name), '');
  return dir;
};

describe('backup file names', () => {
  it('are the UTC instant to the second, with -daily for the scheduled ones', () => {
    const at = new Date('2026-11-24T12:00:05.789Z');
    expect(backupFileName(at, 'manual')).toBe('reservations-2026-11-24T12-00-05Z.db');
    expect(backupFileName(at, 'daily')).toBe('reservations-2026-11-24T12-00-05Z-daily.db');
  });

  it('are listed oldest first with their kind and time; other files are not backups', () => {
    const dir = folder([
      'reservations-2026-11-24T12-00-00Z-daily.db',
      'reservations-2026-11-20T09-30-15Z.db',
      'reservations-2026-11-22T12-00-00Z-daily.db',
      'notes.txt',
      'reservations-2026-11-23.db',
      partialName('reservations-2026-11-25T12-00-00Z-daily.db'),
    ]);
    expect(listBackups(dir).map(({ name, kind, takenAt }) => [name, kind, takenAt.toISOString()])).toEqual([
      ['reservations-2026-11-20T09-30-15Z.db', 'manual', '2026-11-20T09:30:15.000Z'],
      ['reservations-2026-11-22T12-00-00Z-daily.db', 'daily', '2026-11-22T12:00:00.000Z'],
      ['reservations-2026-11-24T12-00-00Z-daily.db', 'daily', '2026-11-24T12:00:00.000Z'],
    ]);
    expect(listBackups(join(dir, 'not-yet-created'))).toEqual([]);
  });
});

describe('pruning', () => {
  it('removes the oldest daily snapshots past the limit, and never a backup taken by hand', () => {
    const dir = folder([
      'reservations-2026-11-01T12-00-00Z.db',
      'reservations-2026-11-21T12-00-00Z-daily.db',
      'reservations-2026-11-22T12-00-00Z-daily.db',
      'reservations-2026-11-23T12-00-00Z-daily.db',
      'reservations-2026-11-24T12-00-00Z-daily.db',
    ]);
    expect(pruneDailyBackups(dir, 2)).toEqual([
      join(dir, 'reservations-2026-11-21T12-00-00Z-daily.db'),
      join(dir, 'reservations-2026-11-22T12-00-00Z-daily.db'),
    ]);
    expect(readdirSync(dir).sort()).toEqual([
      'reservations-2026-11-01T12-00-00Z.db',
      'reservations-2026-11-23T12-00-00Z-daily.db',
      'reservations-2026-11-24T12-00-00Z-daily.db',
    ]);
    expect(pruneDailyBackups(dir, 2)).toEqual([]);
  });

  it('clears a half-written copy left by a crash a day ago, not one that may be in progress', () => {
    const old = partialName('reservations-2026-11-01T12-00-00Z.db');
    const fresh = partialName('reservations-2026-11-24T12-00-00Z.db');
    const dir = folder([old, fresh]);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    utimesSync(join(dir, old), twoDaysAgo, twoDaysAgo);
    removeStalePartials(dir);
    expect(readdirSync(dir)).toEqual([fresh]);
  });
});
