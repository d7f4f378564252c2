import { pino, type Logger } from 'pino';
import type { AppConfig } from './config';

export type { Logger };

// JSON lines in production (for the log collector), human-readable in development.
export function createLogger(config: Pick<AppConfig, 'env' | 'logLevel'>): Logger {
  if (config.env === 'development') {
    return pino({ level: config.logLevel, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } });
  }
  return pino({ level: config.logLevel });
}
