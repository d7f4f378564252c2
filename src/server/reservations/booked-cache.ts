import type { Kysely } from 'kysely';
import type { BookedReservation } from '../../booking/availability';
import type { ChangeFeed, ReservationChange } from '../change-feed/change-feed';
import type { Database } from '../db/schema';
import { sharedFreshReads } from '../db/fresh-reads';
import { bookedOn } from './reservation-store';

// What availability reads of a date (which tables each reservation holds, when), kept between requests and
// dropped by the change feed whenever a reservation of that date is made, moved or cancelled; never older than the
// last change this instance heard, at most `maxAgeMs`, and nothing kept while the feed is not listening
// (docs/decisions/0016-release-night.md). A copy only shows: a booking checks the book again in its transaction, so
// a copy a moment old can offer a time the booking then finds taken, never a double booking.

export interface BookedCache {
  /** The date's booked reservations, from the copy when it is current, else from the database. */
  get(date: string): Promise<BookedReservation[]>;
  /**
   * The date's booked reservations as read from the database after this call, to confirm what the copy said
   * (the read is shared with everyone asking meanwhile: db/fresh-reads.ts). The copy becomes what it read.
   */
  getFresh(date: string): Promise<BookedReservation[]>;
  /** Stops listening to the feed. */
  stop(): void;
}

interface Entry {
  loading: Promise<BookedReservation[]>;
  loadedAt: number;
}

export function createBookedCache({
  db,
  feed,
  maxDates = 256,
  maxAgeMs = 5_000,
  clock = () => performance.now(),
}: {
  db: Kysely<Database>;
  feed: ChangeFeed;
  /** Dates kept at most; the least recently asked goes first. */
  maxDates?: number;
  /** The longest a copy is used, should a change go unheard. */
  maxAgeMs?: number;
  clock?: () => number;
}): BookedCache {
  const entries = new Map<string, Entry>();
  let listening = true;
  const datesOf = (change: ReservationChange) =>
    change.type === 'deleted'
      ? [change.reservationDate]
      : change.type === 'updated'
        ? [change.reservation.reservationDate, change.previousDate]
        : [change.reservation.reservationDate];

  const unsubscribe = feed.subscribe((change) => {
    if (change.type === 'settings') return; // the settings shape the answer, not what is booked
    // Dropped at once, a read still running included: what it finds may predate the change.
    if (change.type === 'blocks') {
      for (const date of [...entries.keys()]) {
        if (date >= change.firstDate && date <= change.lastDate) entries.delete(date);
      }
      return;
    }
    for (const date of datesOf(change)) entries.delete(date);
  });
  const unwatch = feed.onStatus((status) => {
    listening = status === 'resumed';
    entries.clear();
  });

  /** Reads the date and, while the feed is listening, keeps what it finds for the requests that follow. */
  const load = (date: string, now: number) => {
    const loading = bookedOn(db, date);
    if (!listening) return loading;
    // Requests for the date while this read runs share it.
    entries.set(date, { loading, loadedAt: now });
    if (entries.size > maxDates) entries.delete(entries.keys().next().value!);
    loading.catch(() => {
      if (entries.get(date)?.loading === loading) entries.delete(date);
    });
    return loading;
  };
  const readFresh = sharedFreshReads((date: string) => {
    // This read replaces the date's copy, as the most recently asked.
    entries.delete(date);
    return load(date, clock());
  });

  return {
    get(date) {
      const now = clock();
      const entry = entries.get(date);
      if (entry && now - entry.loadedAt < maxAgeMs) {
        // Most recently asked last, so the first key is the one to drop.
        entries.delete(date);
        entries.set(date, entry);
        return entry.loading;
      }
      return load(date, now);
    },
    getFresh: readFresh,
    stop() {
      unsubscribe();
      unwatch();
    },
  };
}
