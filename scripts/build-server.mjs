// Bundles the server into dist/server/index.js: one file that starts fast, with npm packages left external.
// The backup and restore commands go beside it (dist/server/backup.js, restore.js), for a server without sources.
import { build } from 'esbuild';

await build({
  entryPoints: {
    index: 'src/server/index.ts',
    backup: 'src/server/backups/backup-command.ts',
    restore: 'src/server/backups/restore-command.ts',
    // The app's daily snapshot runs in a process of its own, from this file (src/server/backups/backup-schedule.ts).
    'backup-process': 'src/server/backups/backup-process.ts',
    // Restore reads the backup in a process of its own, from this file (src/server/backups/restore-backup.ts).
    'restore-read-process': 'src/server/backups/restore-read-process.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
