import type { Reservation } from '../../shared/reservation';

/** Every create, update and cancel of a reservation, with the dates it touches (the admin's live view hears them). */
export type ReservationChange =
  | { type: 'created'; reservation: Reservation }
  | { type: 'updated'; reservation: Reservation; previousDate: string }
  | { type: 'deleted'; id: string; reservationDate: string };

/** The owner changed a setting; every instance reads the settings again, up to this version. */
export interface SettingsChange {
  type: 'settings';
  version: number;
}

/** The host blocked seats or let them go, on these dates (both included). */
export interface BlocksChange {
  type: 'blocks';
  firstDate: string;
  lastDate: string;
}

/** What the feed carries between the writes and whoever must hear of them, across instances on PostgreSQL. */
export type BookChange = ReservationChange | SettingsChange | BlocksChange;

/**
 * Whether changes are being heard: 'paused' when the feed lost its connection (changes may be missed
 * meanwhile), 'resumed' once it listens again (listeners should read the book afresh).
 */
export type FeedStatus = 'paused' | 'resumed';

export interface ChangeFeed {
  publish(change: BookChange): void;
  subscribe(listener: (change: BookChange) => void): () => void;
  onStatus(listener: (status: FeedStatus) => void): () => void;
}

/** The in-process feed; every write publishes here after its transaction commits. It never pauses. */
export function createInProcessFeed(): ChangeFeed {
  const listeners = new Set<(change: BookChange) => void>();
  return {
    publish(change) {
      for (const listener of listeners) listener(change);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onStatus: () => () => undefined,
  };
}
