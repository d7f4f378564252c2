import { formatLongDate, todayIn } from '../../booking/calendar';
import { clockIn } from '../../booking/wall-clock';
import { formatTime12h } from '../../booking/clock';
import { count, loadSqliteCommandConfig } from './command-config';
import { RESTORE_TIMEOUT_MS, RestoreRefused, restoreBackup, type RestoreResult } from './restore-backup';

// `npm run restore -- FILE`, and `node dist/server/restore.js FILE` in a build: puts a backup in place of the
// SQLite book named by the app's settings, with the app stopped. It prints what it restored; a refusal is one
// line on stderr ending "Nothing was replaced." with exit code 1.

async function main(args: string[]): Promise<number> {
  if (args.length !== 1 || !args[0]) {
    console.error('usage: npm run restore -- FILE   (FILE: a backup made by npm run backup or the daily snapshot)');
    return 1;
  }
  const [file] = args as [string];
  // Without reading the auth secret file: restore is what puts a good one back when it is damaged.
  const config = loadSqliteCommandConfig(
    'restore: DATABASE_URL is PostgreSQL: restore it with pg_restore (README, "Backups"); this command restores SQLite backups only. Nothing was replaced.',
    { readAuthSecret: false },
  );
  if (!config) return 1;
  try {
    const result = await restoreBackup({
      file,
      databaseFile: config.database.file,
      authSecretFile: config.authSecretFile,
      now: new Date(),
      timeoutMs: RESTORE_TIMEOUT_MS,
    });
    console.log(describe(file, result, config.restaurant.timeZone));
    return 0;
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    console.error(`restore: ${error.message}. Nothing was replaced.`);
    return 1;
  }
}

function describe(file: string, result: RestoreResult, timeZone: string): string {
  const when = (at: Date) => `${formatLongDate(todayIn(timeZone, at))}, ${formatTime12h(clockIn(timeZone, at))}`;
  const counts = `${count(result.reservations, 'reservation')}, ${count(result.accounts, 'account')}`;
  const secret = {
    restored: `${counts}, and the auth secret (signed-in sessions stay signed in)`,
    environment: `${counts}; the backup's auth secret was not written, since AUTH_SECRET is set`,
    none: `${counts}; the backup carries no auth secret, so the current one stays`,
  }[result.secret];
  return [
    `Restored ${file}`,
    result.info
      ? `  taken ${when(new Date(result.info.createdAt))} (${timeZone})`
      : '  a plain copy of a database (not made by npm run backup): when it was taken is not recorded',
    `  ${secret}`,
    ...(result.previousDatabase ? [`The previous database is kept as ${result.previousDatabase}`] : []),
    ...(result.previousSecret ? [`The previous auth secret is kept as ${result.previousSecret}`] : []),
  ].join('\n');
}

process.exitCode = await main(process.argv.slice(2));
