import type { BookingRules } from './restaurant-settings';

// Party size limits, apart from the schemas so that screens can use them without loading zod.

/** Online bookings take parties of 1 to 6; 7 or more phone the restaurant. The admin may seat more. */
export const GUEST_MAX_PARTY = 6;
export const ADMIN_MAX_PARTY = 40;

/**
 * The largest party guests can book online: 6, or fewer when the owner caps the guests at one seating below that
 * (a party the cap could never seat is not offered, and is told to call).
 */
export const guestMaxParty = (rules: Pick<BookingRules, 'maxCoversPerSeating'>): number =>
  rules.maxCoversPerSeating > 0 ? Math.min(GUEST_MAX_PARTY, rules.maxCoversPerSeating) : GUEST_MAX_PARTY;

/** Why the covers cap refuses a guest's booking (only the server says them, so they stay out of the page's bundle). */
export const coversCapMessages = {
  partyOverCap: (cap: number, phone: string) =>
    `We seat at most ${cap} guests at one seating online. For a larger party, please call us at ${phone}.`,
  seatingFull: (cap: number) =>
    `That seating is full: we seat ${cap} guests at one seating. Please choose another time.`,
};
