import { closeSync, fsyncSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The backup folder's naming: reservations-2026-11-24T12-00-05Z.db for a backup taken by hand (npm run backup),
// the same with -daily before .db for the app's own snapshots. UTC, so names sort in time order and mean one
// instant whatever the zone; only daily snapshots are ever removed by the app.

export type BackupKind = 'manual' | 'daily';

export interface BackupFile {
  name: string;
  path: string;
  kind: BackupKind;
  /** From the name: the instant the backup was taken, to the second. */
  takenAt: Date;
}

const NAME = /^reservations-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)Z(-daily)?\.db$/;

/** A UTC instant as it appears in file names: 2026-11-24T12-00-05Z. */
export const fileStamp = (at: Date) => at.toISOString().slice(0, 19).replaceAll(':', '-') + 'Z';

export const backupFileName = (at: Date, kind: BackupKind) =>
  `reservations-${fileStamp(at)}${kind === 'daily' ? '-daily' : ''}.db`;

/** The backups in `dir`, oldest first; none when the folder does not exist yet. */
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: BackupFile[] = [];
  for (const name of names) {
    const match = NAME.exec(name);
    if (!match) continue;
    const [, date, hours, minutes, seconds, daily] = match;
    files.push({
      name,
      path: join(dir, name),
      kind: daily ? 'daily' : 'manual',
      takenAt: new Date(`${date}T${hours}:${minutes}:${seconds}Z`),
    });
  }
  return files.sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime() || a.name.localeCompare(b.name));
}

/** Removes the oldest daily snapshots beyond `keep`; returns the paths removed. Backups taken by hand stay. */
export function pruneDailyBackups(dir: string, keep: number): string[] {
  const daily = listBackups(dir).filter((file) => file.kind === 'daily');
  const removed = daily.slice(0, Math.max(0, daily.length - keep)).map((file) => file.path);
  for (const path of removed) rmSync(path, { force: true });
  return removed;
}

/** Leftovers of a backup that stopped half-way (a crash, a full disk), older than a day, so never one in progress. */
export function removeStalePartials(dir: string): void {
  for (const name of listPartials(dir)) {
    const path = join(dir, name);
    // The file system's clock, not the app's: mtimes are real time.
    if (Date.now() - statSync(path).mtimeMs > 24 * 60 * 60 * 1000) rmSync(path, { force: true });
  }
}

export const partialName = (name: string) => `.${name}.partial`;

function listPartials(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.startsWith('.') && name.endsWith('.partial'));
  } catch {
    return [];
  }
}

/** A file or folder flushed to disk: a backup that a power cut can take back is no backup. */
export function syncToDisk(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
