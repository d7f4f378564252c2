import type { Kysely } from 'kysely';
import type { AppConfig } from '../config';
import type { Database } from '../db/schema';
import type { Actor } from '../http/app-env';
import type { LiveSettings } from './live-settings';

/** What every settings operation works with. */
export interface SettingsDeps {
  db: Kysely<Database>;
  config: AppConfig;
  settings: LiveSettings;
  /** The current instant; tests pass a fixed clock. */
  now: () => Date;
}

/** The arguments of a settings operation that takes a form's input: the owner who asks, and what they sent. */
export interface SettingsWrite<Input> {
  deps: SettingsDeps;
  actor: Actor;
  input: Input;
}
