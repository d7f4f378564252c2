import { hasBegun } from './booking-window';
import { rangesOverlap } from './clock';

// Fair use of the book (the Terms forbid duplicate reservations for the same slot): what one guest
// may hold at once, so that one account cannot take a night's tables. The admin is exempt. 0 means no limit.

// Why a guest may not hold one more reservation: not spec texts, in the spec's tone. Only the server says them
// (the page shows the server's message), so they stay out of the page's bundle.
export const messages = {
  ownOverlap: 'You already have a reservation at this time. You can change it in My Reservations.',
  perDateLimit: (limit: number) =>
    limit === 1
      ? 'You already have a reservation on this date. You can change it in My Reservations.'
      : `You already have ${limit} reservations on this date, the most one guest can hold. You can change them in My Reservations.`,
  upcomingLimit: (limit: number) =>
    `You already have ${limit} upcoming ${limit === 1 ? 'reservation' : 'reservations'}, the most one guest can hold. To book another, cancel one in My Reservations.`,
  bookingRateLimited: 'Too many bookings in a short time. Please wait a few minutes and try again.',
  newAccountsOnNetwork: (limit: number, phone: string) =>
    `${limit === 1 ? 'A new account on your network has already booked this date' : `New accounts on your network already hold ${limit} reservations on this date`}, and new accounts on one network share ${limit === 1 ? 'one reservation' : `${limit} reservations`} per date. Your account can book it a day after you signed up, or call us at ${phone}.`,
};

/**
 * An account younger than this books as a new account: on one network, the new accounts' reservations of a date
 * count together, as one guest's (docs/decisions/0014-new-accounts-share-a-network.md). A day is what it takes a
 * scalper to age a batch of accounts, and what a real guest who signed up today hardly notices.
 */
export const NEW_ACCOUNT_HOURS = 24;

export const isNewAccount = (createdAt: Date, now: Date): boolean =>
  now.getTime() - createdAt.getTime() < NEW_ACCOUNT_HOURS * 60 * 60 * 1000;

export interface FairBookingLimits {
  /** Whether one account may hold reservations that overlap in time (the Terms' rule says no). */
  allowOverlap: boolean;
  /** Upcoming reservations one account may hold. */
  maxUpcoming: number;
  /** Reservations one account may hold on one date. */
  maxPerDate: number;
}

interface Held {
  id: string;
  reservationDate: string;
  startTime: number;
  endTime: number;
}

/**
 * Why the account may not hold `wanted` (a new reservation, or one of its own moved to another date or time),
 * or null when it may. `own` is the account's reservations; those already begun do not count.
 */
export function fairBookingRefusal(input: {
  own: Held[];
  wanted: Held;
  isNew: boolean;
  limits: FairBookingLimits;
  today: string;
  nowHhmm: number;
}): string | null {
  const { wanted, limits } = input;
  const others = input.own.filter((held) => held.id !== wanted.id && !hasBegun(held, input.today, input.nowHhmm));
  const sameDate = others.filter((held) => held.reservationDate === wanted.reservationDate);
  if (!limits.allowOverlap && sameDate.some((held) => rangesOverlap(held, wanted))) return messages.ownOverlap;
  if (limits.maxPerDate > 0 && sameDate.length >= limits.maxPerDate) return messages.perDateLimit(limits.maxPerDate);
  if (input.isNew && limits.maxUpcoming > 0 && others.length >= limits.maxUpcoming)
    return messages.upcomingLimit(limits.maxUpcoming);
  return null;
}

/**
 * Why a new account may not book a date from its network, or null when it may: the network's new accounts already
 * hold as many reservations of that date (`heldByNewAccounts`, this one left out) as one guest may. Accounts a day
 * old or more, and networks the owner trusts, are not counted this way (the caller decides which apply).
 */
export function newAccountNetworkRefusal(input: {
  heldByNewAccounts: number;
  limits: Pick<FairBookingLimits, 'maxPerDate'>;
  phone: string;
}): string | null {
  const { maxPerDate } = input.limits;
  if (maxPerDate > 0 && input.heldByNewAccounts >= maxPerDate)
    return messages.newAccountsOnNetwork(maxPerDate, input.phone);
  return null;
}
