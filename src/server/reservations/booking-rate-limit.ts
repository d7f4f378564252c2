import { messages } from '../../booking/fair-booking';
import type { FairUseLimits } from '../config';
import type { RateCounters } from '../db/rate-counters';
import type { Actor } from '../http/app-env';
import { AppError } from '../http/errors';

/** The window the booking limits count in. */
export const BOOKING_RATE_WINDOW_MS = 10 * 60 * 1000;

/**
 * How fast one account, and one client address, may send bookings (README, "Security"): every attempt counts,
 * refused ones too, so a script hammering the book slows down at once. The admin books for phone callers and
 * is exempt.
 */
export function createBookingRateLimit(counters: RateCounters, limits: FairUseLimits) {
  return async (actor: Actor, clientAddress: string): Promise<void> => {
    if (actor.role === 'admin') return;
    const checks: [key: string, limit: number][] = [
      [`bookings:account:${actor.userId}`, limits.bookingsPerAccount],
      [`bookings:address:${clientAddress}`, limits.bookingsPerAddress],
    ];
    for (const [key, limit] of checks) {
      if (limit > 0 && (await counters.hit(key, BOOKING_RATE_WINDOW_MS)).count > limit) {
        throw new AppError('rate_limited', messages.bookingRateLimited);
      }
    }
  };
}
