import type { Reservation } from './reservation-record';

/** What the admin's live view hears: every create, update and cancel, with the dates it touches. */
export type ReservationChange =
  | { type: 'created'; reservation: Reservation }
  | { type: 'updated'; reservation: Reservation; previousDate: string }
  | { type: 'deleted'; id: string; reservationDate: string };

export interface ChangeFeed {
  publish(change: ReservationChange): void;
  subscribe(listener: (change: ReservationChange) => void): () => void;
}

/** The in-process feed; every write publishes here after its transaction commits. */
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
  };
}
