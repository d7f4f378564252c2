import { count, loadSqliteCommandConfig } from './command-config';
import { BackupError, createBackup } from './create-backup';

// `npm run backup`, and `node dist/server/backup.js` in a build: one backup of the SQLite book into
// BACKUP_DIR, taken while the app runs, checked before it is reported. Reads the same settings as the app.
// Success prints one line on stdout; anything else one line on stderr and exit code 1 (for cron and scripts).

function main(): number {
  const config = loadSqliteCommandConfig(
    'backup: DATABASE_URL is PostgreSQL: back it up with pg_dump, and keep the auth secret with it (README, "Backups"); this command copies SQLite only.',
  );
  if (!config) return 1;
  try {
    const result = createBackup({
      databaseFile: config.database.file,
      backupDir: config.backups.dir,
      authSecretFile: config.authSecretFile,
      kind: 'manual',
      now: new Date(),
    });
    const secret = result.authSecretIncluded
      ? 'auth secret included'
      : 'no auth secret: AUTH_SECRET is set, keep it with your backups';
    console.log(
      `Backup written: ${result.file} (${count(result.reservations, 'reservation')}, ${count(result.accounts, 'account')}, ${secret}; integrity_check ok; ${(result.ms / 1000).toFixed(1)} s)`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(`backup: failed, ${error.message}`);
    return 1;
  }
}

process.exitCode = main();
