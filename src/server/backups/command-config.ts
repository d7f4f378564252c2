import { ConfigError, loadConfig, type AppConfig, type DatabaseTarget, type LoadOptions } from '../config';

type SqliteConfig = AppConfig & { database: Extract<DatabaseTarget, { dialect: 'sqlite' }> };

// What the backup and restore commands share: the app's own settings, read as the app reads them, and a
// one-line refusal (on stderr, for cron and scripts) when they are wrong or name a PostgreSQL book.

/** The app's settings for a command that works on the SQLite file, or null after printing why not. */
export function loadSqliteCommandConfig(postgresRefusal: string, options: LoadOptions = {}): SqliteConfig | null {
  let config: AppConfig;
  try {
    config = loadConfig(undefined, options);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    return null;
  }
  if (config.database.dialect !== 'sqlite') {
    console.error(postgresRefusal);
    return null;
  }
  return { ...config, database: config.database };
}

export const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
