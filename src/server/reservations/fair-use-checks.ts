import type { Transaction } from 'kysely';
import { fairBookingRefusal, isNewAccount, newAccountNetworkRefusal } from '../../booking/fair-booking';
import type { RestaurantSettings } from '../../booking/restaurant-settings';
import { lockExclusive, LOCKS } from '../db/advisory-locks';
import type { Database } from '../db/schema';
import type { Actor } from '../http/app-env';
import { inNetworks, networkOf } from '../http/client-network';
import { AppError } from '../http/errors';
import { restaurantClock } from '../restaurant-clock';
import type { ReservationDeps } from './reservation-deps';
import { accountCreatedAt, newAccountBookingsFrom, reservationsOf } from './reservation-store';

// Fair use (src/booking/fair-booking.ts; docs/decisions/0014-new-accounts-share-a-network.md): what one account,
// and one network's new accounts, may hold, checked in the writing transaction.

/** Where a booking was sent from: the client's address, as the server reads it (http/client-ip.ts). */
export interface BookingSource {
  address: string;
}

/** What a guest's reservation records of where it came from (the columns bookedFrom and bookedByNewAccount). */
export interface BookingMark {
  bookedFrom: string;
  bookedByNewAccount: number;
}

/**
 * Fair use (src/booking/fair-booking.ts): a guest's bookings and moves are checked against what the account
 * already holds, and, for an account under a day old on a network the owner does not trust, against what the
 * network's new accounts hold on that date; all read inside the writing transaction. On PostgreSQL the account's
 * row, and the network's date, are locked first, so two bookings racing for one limit are checked one after the
 * other (SQLite runs one transaction at a time). Returns what a guest's reservation records of its network; the
 * admin's bookings are the restaurant's own and record none.
 */
export async function checkFairBooking({
  trx,
  deps,
  settings,
  actor,
  wanted,
  isNew,
  source,
}: {
  trx: Transaction<Database>;
  deps: ReservationDeps;
  settings: RestaurantSettings;
  actor: Actor;
  wanted: { id: string; reservationDate: string; startTime: number; endTime: number };
  isNew: boolean;
  source: BookingSource;
}): Promise<BookingMark | undefined> {
  if (actor.role === 'admin') return undefined;
  const { dialect } = deps.config.database;
  const createdAt = await accountCreatedAt(trx, actor.userId, dialect === 'postgres');
  const { today, nowHhmm } = restaurantClock(deps);
  const own = await reservationsOf(trx, actor.userId, today);
  const refusal = fairBookingRefusal({ own, wanted, isNew, limits: settings.rules, today, nowHhmm });
  if (refusal) throw new AppError('booking_limit', refusal);

  const network = networkOf(source.address);
  const newAccount = isNewAccount(createdAt, deps.now());
  const trusted = inNetworks(
    source.address,
    settings.trustedNetworks.map((trustedNetwork) => trustedNetwork.network),
  );
  if (newAccount && !trusted && settings.rules.maxPerDate > 0) {
    await lockExclusive(trx, dialect, LOCKS.newAccountsOn(network, wanted.reservationDate));
    const heldByNewAccounts = await newAccountBookingsFrom(trx, network, wanted.reservationDate, wanted.id);
    const networkRefusal = newAccountNetworkRefusal({
      heldByNewAccounts,
      limits: settings.rules,
      phone: settings.details.phone,
    });
    if (networkRefusal) throw new AppError('booking_limit', networkRefusal);
  }
  return { bookedFrom: network, bookedByNewAccount: newAccount && !trusted ? 1 : 0 };
}
