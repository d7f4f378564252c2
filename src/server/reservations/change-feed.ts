import type { Reservation } from '../../shared/reservation';

/** What the admin's live view hears: every create, update and cancel, with the dates it touches. */
export type ReservationChange =
  | { type: 'created'; reservation: Reservation }
  | { type: 'updated'; reservation: Reservation; previousDate: string }
  | { type: 'deleted'; id: string; reservationDate: string };

/**
 * Whether changes are being heard: 'paused' when the feed lost its connection (changes may be missed
 * meanwhile), 'resumed' once it listens again (listeners should read the book afresh).
 */
export type FeedStatus = 'paused' | 'resumed';

export interface ChangeFeed {
  publish(change: ReservationChange): void;
  subscribe(listener: (change: ReservationChange) => void): () => void;
  onStatus(listener: (status: FeedStatus) => void): () => void;
}

/** The in-process feed; every write publishes here after its transaction commits. It never pauses. */
export function createInProcessFeed(): ChangeFeed {
  const listeners = new Set<(change: ReservationChange) => void>();
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
