import { Cron } from 'croner';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { addDays, todayIn } from '../../booking/calendar';
import { zonedInstant } from '../../booking/zoned-time';
import type { AppConfig } from '../config';
import type { Logger } from '../logger';
import { listBackups, pruneDailyBackups } from './backup-files';
import { readBackupInfo } from './book-file';
import { BackupError, type BackupRequest, type BackupResult } from './create-backup';

// The app's own daily snapshot of a SQLite book, at BACKUP_HOUR in the restaurant's zone, keeping the last
// BACKUP_KEEP. Like the morning reminders, the job runs every minute and asks whether a snapshot is due, so a
// server that was down at that hour takes the missed one when it comes back, and the clock can be set by
// tests. The folder itself says what was done: a snapshot is due when none was taken since the last slot. A
// folder without one (a new install) gets its first at the next slot after start, not a copy of a book just
// created, made while the app warms up.
// On PostgreSQL the app takes none: the operator's pg_dump does (README, "Backups"). The copy itself runs in a
// process of its own (backup-process.ts), so that requests are served meanwhile.

/** After a failed snapshot (a full disk, an unwritable folder), the next try; not every minute, filling the log. */
export const RETRY_AFTER_FAILURE_MS = 15 * 60 * 1000;

export type BackupStatus =
  | { database: 'postgres' }
  | {
      database: 'sqlite';
      folder: string;
      hour: number;
      keep: number;
      timeZone: string;
      /** How many backups the folder holds now, daily and taken by hand. */
      stored: number;
      /** The newest backup in the folder, daily or taken by hand. */
      lastSuccess: {
        at: string;
        file: string;
        reservations: number | null;
        accounts: number | null;
      } | null;
      /** The last scheduled run, when it failed (cleared by the next success). */
      lastFailure: { at: string; message: string } | null;
      /** When the next snapshot is due (or tried again). */
      nextAt: string;
    };

export interface BackupSchedule {
  start(): void;
  stop(): Promise<void>;
  /** Takes the snapshot if one is due (and removes the oldest past the limit); never throws, logs instead. */
  runDue(): Promise<BackupResult | null>;
  status(): BackupStatus;
}

/** The most recent moment, at or before `now`, that a daily snapshot was due: today's hour, or yesterday's. */
export function latestSlot(now: Date, hour: number, timeZone: string): Date {
  const today = todayIn(timeZone, now);
  const slot = zonedInstant(today, hour * 100, timeZone);
  return slot <= now ? slot : zonedInstant(addDays(today, -1), hour * 100, timeZone);
}

/** The first slot after `now`. */
export function nextSlot(now: Date, hour: number, timeZone: string): Date {
  const today = todayIn(timeZone, now);
  const slot = zonedInstant(today, hour * 100, timeZone);
  return slot > now ? slot : zonedInstant(addDays(today, 1), hour * 100, timeZone);
}

/** On PostgreSQL the operator's pg_dump takes the backups; the app says so once, and takes none. */
const POSTGRES_BACKUPS: BackupSchedule = {
  start: () => undefined,
  stop: () => Promise.resolve(),
  runDue: () => Promise.resolve(null),
  status: () => ({ database: 'postgres' }),
};

export function createBackupSchedule(deps: { config: AppConfig; logger: Logger; now: () => Date }): BackupSchedule {
  const { config, logger } = deps;
  if (config.database.dialect === 'sqlite') return new DailySnapshots(deps, config.database.file);
  return {
    ...POSTGRES_BACKUPS,
    start: () =>
      logger.info(
        'backups: PostgreSQL is backed up by its operator with pg_dump (README, "Backups"); the app takes no snapshots',
      ),
  };
}

type SqliteStatus = Extract<BackupStatus, { database: 'sqlite' }>;

/** The SQLite book's daily snapshot: a minute tick that takes it when due, and what the dashboard shows of it. */
class DailySnapshots implements BackupSchedule {
  private readonly startedAt: Date;
  private lastFailure: SqliteStatus['lastFailure'] = null;
  private running: Promise<BackupResult | null> | null = null;
  private cron: Cron | undefined;

  constructor(
    private readonly deps: { config: AppConfig; logger: Logger; now: () => Date },
    private readonly databaseFile: string,
  ) {
    this.startedAt = deps.now();
  }

  private get settings() {
    return { ...this.deps.config.backups, timeZone: this.deps.config.restaurant.timeZone };
  }

  start(): void {
    const { dir, hour, keep, timeZone } = this.settings;
    this.deps.logger.info(
      `backups: daily at ${String(hour).padStart(2, '0')}:00 ${timeZone} into ${dir}, keeping the last ${keep}`,
    );
    this.cron = new Cron('* * * * *', { timezone: timeZone, protect: true }, () => void this.runDue());
  }

  async stop(): Promise<void> {
    this.cron?.stop();
    await this.running;
  }

  /** Concurrent calls share the pass in progress (the minute tick and a test, say). */
  runDue(): Promise<BackupResult | null> {
    this.running ??= Promise.resolve()
      .then(() => this.takeIfDue())
      .finally(() => (this.running = null));
    return this.running;
  }

  status(): SqliteStatus {
    const at = this.deps.now();
    const { dir, hour, keep, timeZone } = this.settings;
    let backups: ReturnType<typeof listBackups> = [];
    try {
      backups = listBackups(dir);
    } catch {
      // An unreadable folder shows as no backup; the failed run says why.
    }
    let due: Date | null;
    try {
      due = this.dueAt(at);
    } catch {
      due = new Date(Math.max(at.getTime(), this.retryAt()));
    }
    return {
      database: 'sqlite',
      folder: dir,
      hour,
      keep,
      timeZone,
      stored: backups.length,
      lastSuccess: describeNewest(backups.at(-1)),
      lastFailure: this.lastFailure,
      nextAt: (due ?? nextSlot(at, hour, timeZone)).toISOString(),
    };
  }

  private async takeIfDue(): Promise<BackupResult | null> {
    const { config, logger } = this.deps;
    const { dir, keep } = this.settings;
    const at = this.deps.now();
    if (at.getTime() < this.retryAt()) return null;
    try {
      if (!this.dueAt(at)) return null;
      const result = await backupInOwnProcess({
        databaseFile: this.databaseFile,
        backupDir: dir,
        authSecretFile: config.authSecretFile,
        kind: 'daily',
        now: at,
      });
      this.lastFailure = null;
      const { file, reservations, accounts, authSecretIncluded: authSecret } = result;
      logger.info({ file, reservations, accounts, authSecret, ms: Math.round(result.ms) }, 'backup taken');
      for (const old of pruneDailyBackups(dir, keep)) logger.info({ file: old, keep }, 'old backup removed');
      return result;
    } catch (error) {
      this.lastFailure = { at: at.toISOString(), message: (error as Error).message };
      logger.error({ err: error, folder: dir }, 'backup failed');
      return null;
    }
  }

  /** When the snapshot now due should be taken (`at` itself, or the retry after a failure); null when none is due. */
  private dueAt(at: Date): Date | null {
    const { dir, hour, timeZone } = this.settings;
    const slot = latestSlot(at, hour, timeZone);
    const newest = listBackups(dir)
      .filter((file) => file.kind === 'daily')
      .at(-1);
    if (newest ? newest.takenAt >= slot : slot < this.startedAt) return null;
    return new Date(Math.max(at.getTime(), this.retryAt()));
  }

  /** After a failure, the next try is not before RETRY_AFTER_FAILURE_MS. */
  private retryAt(): number {
    return this.lastFailure ? Date.parse(this.lastFailure.at) + RETRY_AFTER_FAILURE_MS : 0;
  }
}

/** The newest backup as the dashboard shows it: when it was taken, and what it holds when it can be read. */
function describeNewest(newest: ReturnType<typeof listBackups>[number] | undefined): SqliteStatus['lastSuccess'] {
  if (!newest) return null;
  let info: ReturnType<typeof readBackupInfo>;
  try {
    info = readBackupInfo(newest.path);
  } catch {
    // Named like a backup but unreadable: its name still says when it was taken.
  }
  return {
    at: info?.createdAt ?? newest.takenAt.toISOString(),
    file: newest.name,
    reservations: info?.reservations ?? null,
    accounts: info?.accounts ?? null,
  };
}

/** createBackup in a child process: the bundle's backup-process.js, or from the sources (dev, tests) through tsx. */
function backupInOwnProcess(request: BackupRequest): Promise<BackupResult> {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSources ? './backup-process.ts' : './backup-process.js', import.meta.url);
  const child = fork(fileURLToPath(entry), [], {
    execArgv: fromSources ? ['--import', 'tsx'] : [],
    // Keeps the Date in the request and the answer a Date.
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    child.once('message', (message: { result?: BackupResult; failure?: string }) => {
      settled = true;
      if (message.result) resolve(message.result);
      else reject(new BackupError(message.failure ?? 'the backup process gave no answer'));
    });
    child.once('error', (error) => {
      settled = true;
      reject(error);
    });
    child.once('exit', (code, signal) => {
      if (!settled) reject(new BackupError(`the backup process stopped (${signal ?? `exit code ${code}`})`));
    });
    child.send(request);
  });
}
