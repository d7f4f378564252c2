import { messages } from '../../booking/fair-booking';
import type { FairUseLimits } from '../config';
import type { RateCounters } from '../db/rate-counters';
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
) {
  const networkKey = (address: string) => `bookings:network:${networkOf(address)}`;
  const networkCounts = (actor: Actor, address: string) =>
    actor.role !== 'admin' && limits.bookingsPerAddress > 0 && !inNetworks(address, trustedNetworks());

  return {
    /** Before a booking or a move is tried: refused when the account, or the network, has had its share. */
    async admit(actor: Actor, address: string): Promise<void> {
      if (actor.role === 'admin') return;
      const perAccount = limits.bookingsPerAccount;
      if (
        perAccount > 0 &&
        (await counters.hit(`bookings:account:${actor.userId}`, BOOKING_RATE_WINDOW_MS)).count > perAccount
      )
        throw new AppError('rate_limited', messages.bookingRateLimited);
      if (!networkCounts(actor, address)) return;
      const made = await counters.peek(networkKey(address), BOOKING_RATE_WINDOW_MS);
      if (made && made.count >= limits.bookingsPerAddress)
        throw new AppError('rate_limited', messages.bookingRateLimited);
    },
    /** After a booking was made: it counts against its network. */
    async made(actor: Actor, address: string): Promise<void> {
      if (networkCounts(actor, address)) await counters.hit(networkKey(address), BOOKING_RATE_WINDOW_MS);
    },
  };
}
