import type { Kysely } from 'kysely';
import type { AppConfig } from '../config';
import type { Database } from '../db/schema';
import type { ChangeFeed } from '../change-feed/change-feed';
import type { LiveSettings } from '../settings/live-settings';
import type { BookedCache } from './booked-cache';
import type { BookingsInFlight } from './bookings-in-flight';
import type { FoundReservation } from './reservation-store';

// What every reservation operation works with: the database, the configuration, the owner's settings, the change
// feed and the clock (the restaurant's today from it: restaurant-clock.ts).

export interface ReservationDeps {
  db: Kysely<Database>;
  config: AppConfig;
  feed: ChangeFeed;
  /** The owner's settings: tables, hours, closed dates, booking rules (settings/live-settings.ts). */
  settings: LiveSettings;
  /** What is booked on a date, as availability reads it (booked-cache.ts); writes read the database itself. */
  booked: BookedCache;
  /** The guests' bookings in their transactions on this instance (bookings-in-flight.ts). */
  inFlight: BookingsInFlight;
  /** A reservation by id; on PostgreSQL the lookups made at once share one read (reservation-store.ts). */
  reservationById: (id: string) => Promise<FoundReservation | undefined>;
  /** The current instant; tests pass a fixed clock. */
  now: () => Date;
}
