import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type {
  BookingRules,
  RestaurantDetails,
  RestaurantSettings,
  WeeklyHours,
} from '../../booking/restaurant-settings';
import type { ChangeFeed } from '../change-feed/change-feed';
import { lockExclusive, lockShared, LOCKS } from '../db/advisory-locks';
import type { Dialect } from '../db/database';
import { sharedFreshReads } from '../db/fresh-reads';
import type { Database } from '../db/schema';
import type { Actor } from '../http/app-env';
import type { Logger } from '../logger';
import {
  bumpSettings,
  readSettings,
  readSettingsAtOnce,
  readVersion,
  recordChange,
  type SettingsArea,
} from './settings-store';

// The owner's settings as every part of the app reads them. Reads (availability, the page's config,
// emails) take this instance's copy, kept fresh by the change feed: a change on any instance is heard on every
// other within moments (LISTEN/NOTIFY on PostgreSQL). Writes (bookings, edits) must not trust a copy: they read
// the settings in their own transaction, after a lock that a settings change takes alone, so a booking racing a
// change either finishes before it (and the change sees the booking) or starts after it (and sees the change).

export type SettingsChangeOutcome<T> =
  | {
      /** One line for the history: "Added table 9 (4 seats, bookable online)". */
      summary: string;
      /** The sections of the settings row that changed (tables and closures are written by the change itself). */
      sections?: { details?: RestaurantDetails; hours?: WeeklyHours; rules?: BookingRules };
      result: T;
    }
  | {
      /**
       * The settings already say so, as read in the change's own transaction (never by this instance's copy, which
       * may not have heard another instance's change yet): nothing is written, no version, no line of history.
       */
      unchanged: true;
      result: T;
    };

export interface LiveSettings {
  /** The settings as this instance last read them. */
  current(): RestaurantSettings;
  /** The settings a booking or an edit obeys, read inside its transaction (see above). */
  forWrite(trx: Transaction<Database>): Promise<RestaurantSettings>;
  /**
   * One change of the owner's, in one transaction that no booking overlaps: `apply` reads the settings fresh,
   * checks, writes, and says what changed; the version goes up, the history gets a line, every instance hears.
   */
  change<T>(input: {
    actor: Actor;
    area: SettingsArea;
    apply: (trx: Transaction<Database>, settings: RestaurantSettings) => Promise<SettingsChangeOutcome<T>>;
  }): Promise<T>;
  /** Reads the settings again if the database has a newer version than this copy (as it is after this call). */
  refresh(): Promise<void>;
  /** Stops listening to the feed. */
  stop(): void;
}

export async function createLiveSettings(deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  feed: ChangeFeed;
  logger: Logger;
  now: () => Date;
}): Promise<LiveSettings> {
  const { db, dialect, feed, logger } = deps;
  const present = (settings: RestaurantSettings | undefined) => {
    if (!settings) throw new Error('the owner settings are missing: prepareDatabase writes them at start');
    return settings;
  };
  /** Inside a transaction that holds the settings' lock: nothing can change between its reads. */
  const read = async (trx: Transaction<Database>) => present(await readSettings(trx));
  /** Outside one: its reads must see one moment (settings-store.ts, readSettingsAtOnce). */
  const readAtOnce = async () => present(await readSettingsAtOnce(db));
  let copy = await readAtOnce();
  // Two reads may race (a feed event and a booking); the newer version always wins.
  const keep = (settings: RestaurantSettings) => {
    if (settings.version >= copy.version) copy = settings;
    return copy;
  };

  // Shared by everyone asking at once (a crowd of bookings refused from the copy: db/fresh-reads.ts).
  const refreshOnce = sharedFreshReads(async (_: 'settings') => {
    const version = await readVersion(db);
    if (version !== undefined && version !== copy.version) keep(await readAtOnce());
  });
  const refresh = () => refreshOnce('settings');
  const refreshQuietly = () =>
    void refresh().catch((error: unknown) => {
      // The next booking reads the settings in its own transaction anyway; the copy catches up on the next event.
      logger.warn({ reason: (error as Error).message }, 'could not read the settings after a change');
    });

  const unsubscribe = feed.subscribe((change) => {
    if (change.type === 'settings' && change.version !== copy.version) refreshQuietly();
  });
  // Changes made while the feed was not listening were not heard.
  const unwatch = feed.onStatus((status) => {
    if (status === 'resumed') refreshQuietly();
  });

  return {
    current: () => copy,
    async forWrite(trx) {
      await lockShared(trx, dialect, LOCKS.settings);
      const version = await readVersion(trx);
      if (version === copy.version) return copy;
      return keep(await read(trx));
    },
    async change({ actor, area, apply }) {
      const { result, version } = await db.transaction().execute(async (trx) => {
        await lockExclusive(trx, dialect, LOCKS.settings);
        const at = deps.now().toISOString();
        const outcome = await apply(trx, await read(trx));
        if ('unchanged' in outcome) return { result: outcome.result, version: undefined };
        const next = await bumpSettings(trx, outcome.sections ?? {}, at);
        await recordChange(
          trx,
          randomUUID(),
          { changedAt: at, actorEmail: actor.email, area, summary: outcome.summary },
          next,
        );
        return { result: outcome.result, version: next };
      });
      if (version === undefined) return result;
      keep(await readAtOnce());
      feed.publish({ type: 'settings', version });
      logger.info({ area, version, by: actor.email }, 'settings changed');
      return result;
    },
    refresh,
    stop: () => {
      unsubscribe();
      unwatch();
    },
  };
}
