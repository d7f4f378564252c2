import { rangesOverlap } from '../../booking/clock';
import type { BookedReservation } from '../../booking/availability';

// The guests' bookings this instance has let into their transactions and not yet seen end, by date, each with the
// tables the copy of the book would give it (docs/decisions/0016-release-night.md; guest-admission.ts lets them in).
// Those waiting for room wait for a booking whose time overlaps theirs to end, made or not: a failed one left its
// table free, a made one may have taken the last one theirs could have. The transaction still decides every
// booking: this only spares the database the ones it would refuse.

export interface BookingsInFlight {
  /** The date's bookings in their transactions here, as the copy would seat them. */
  on(date: string): readonly BookedReservation[];
  /** How many bookings have been made here since start: a copy read while this changed may predate one. */
  madeCount(): number;
  /** Changes whenever a booking is counted in or out: what was worked out over `on` holds while it stays. */
  version(): number;
  /** Counts a booking in; the returned function counts it out, saying whether it was made. */
  enter(date: string, booking: BookedReservation): (made: boolean) => void;
  /** Resolves when a booking of the date that overlaps this slot ends (at once if none is in flight). */
  mayHaveRoom(date: string, slot: { startTime: number; endTime: number }): Promise<void>;
}

interface DateInFlight {
  bookings: Set<BookedReservation>;
  /** Who waits for room, by the start time they want. */
  waiting: Map<number, { slot: { startTime: number; endTime: number }; wake: (() => void)[] }>;
}

export function createBookingsInFlight(): BookingsInFlight {
  const dates = new Map<string, DateInFlight>();
  let made = 0;
  let version = 0;

  const forDate = (date: string) => {
    let entry = dates.get(date);
    if (!entry) {
      entry = { bookings: new Set(), waiting: new Map() };
      dates.set(date, entry);
    }
    return entry;
  };

  const end = (date: string, entry: DateInFlight, booking: BookedReservation, wasMade: boolean) => {
    entry.bookings.delete(booking);
    version++;
    if (wasMade) made++;
    for (const [startTime, group] of entry.waiting) {
      if (!rangesOverlap(group.slot, booking)) continue;
      entry.waiting.delete(startTime);
      for (const wake of group.wake) wake();
    }
    if (entry.bookings.size === 0 && entry.waiting.size === 0) dates.delete(date);
  };

  return {
    on: (date) => [...(dates.get(date)?.bookings ?? [])],
    madeCount: () => made,
    version: () => version,
    enter(date, booking) {
      const entry = forDate(date);
      entry.bookings.add(booking);
      version++;
      let ended = false;
      return (wasMade) => {
        if (ended) return;
        ended = true;
        end(date, entry, booking, wasMade);
      };
    },
    mayHaveRoom(date, slot) {
      const entry = dates.get(date);
      // With nothing in flight that overlaps, nothing here would wake the caller: it should look again now.
      if (!entry || ![...entry.bookings].some((booking) => rangesOverlap(slot, booking))) return Promise.resolve();
      return new Promise((resolve) => {
        const group = entry.waiting.get(slot.startTime) ?? { slot, wake: [] };
        group.wake.push(resolve);
        entry.waiting.set(slot.startTime, group);
      });
    },
  };
}
