import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { requireAdmin } from '../http/guards';
import type { BackupSchedule } from './backup-schedule';

// What the admin's dashboard shows under "Backups": when the last one succeeded, or that PostgreSQL's are
// the operator's. The folder's path and the file names are for the owner only.
export function backupRoutes(deps: { backups: BackupSchedule }) {
  return new Hono<AppEnv>().get('/status', (c) => {
    requireAdmin(c);
    return c.json(deps.backups.status());
  });
}
