import { messages } from '../../booking/fair-booking';
import type { FairUseLimits } from '../config';
import type { Dialect } from '../db/database';
import type { RateCounters } from '../db/rate-counters';
import { roundTripBatches } from '../db/statement-batches';
import type { Actor } from '../http/app-env';
import { inNetworks, networkOf } from '../http/client-network';
import { AppError } from '../http/errors';

/** The window the booking limits count in. */
export const BOOKING_RATE_WINDOW_MS = 10 * 60 * 1000;

/**
 * How fast one account, and one network, may book (README, "Security"). An account's every attempt counts,
 * refused ones too, so a script hammering the book slows down at once. A network counts only the bookings made
 * from it: a guest refused thirty times spends their own allowance, not that of everyone on the restaurant's
 * Wi-Fi. The admin books for phone callers and is exempt, as are the networks the owner trusts.
 */
export function createBookingRateLimit(
  counters: RateCounters,
  limits: FairUseLimits,
  trustedNetworks: () => readonly string[],
  dialect: Dialect,
) {
  const networkKey = (address: string) => `bookings:network:${networkOf(address)}`;
  // On PostgreSQL, the attempts of guests booking at once are counted, and their networks' bookings read, in shared
  // statements: on a release night most of them are refused, and none may cost a round trip of its own (issue 31).
  const countAttempt = roundTripBatches(dialect, (keys: readonly string[]) =>
    counters.hitEach(keys, BOOKING_RATE_WINDOW_MS),
  );
  const bookingsMade = roundTripBatches(dialect, (keys: readonly string[]) =>
    counters.peekEach(keys, BOOKING_RATE_WINDOW_MS),
  );
  const networkCounts = (actor: Actor, address: string) =>
    actor.role !== 'admin' && limits.bookingsPerAddress > 0 && !inNetworks(address, trustedNetworks());

  return {
    /** Before a booking or a move is tried: refused when the account, or the network, has had its share. */
    async admit(actor: Actor, address: string): Promise<void> {
      if (actor.role === 'admin') return;
      const perAccount = limits.bookingsPerAccount;
      // Both at once: one round trip's wait, not two.
      const [attempt, made] = await Promise.all([
        perAccount > 0 ? countAttempt(`bookings:account:${actor.userId}`) : undefined,
        networkCounts(actor, address) ? bookingsMade(networkKey(address)) : undefined,
      ]);
      if (attempt && attempt.count > perAccount) throw new AppError('rate_limited', messages.bookingRateLimited);
      if (made && made.count >= limits.bookingsPerAddress)
        throw new AppError('rate_limited', messages.bookingRateLimited);
    },
    /** After a booking was made: it counts against its network. */
    async made(actor: Actor, address: string): Promise<void> {
      if (networkCounts(actor, address)) await counters.hit(networkKey(address), BOOKING_RATE_WINDOW_MS);
    },
  };
}
