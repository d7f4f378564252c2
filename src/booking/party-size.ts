// Party size limits, apart from the schemas so that screens can use them without loading zod.

/** Online bookings take parties of 1 to 6; 7 or more phone the restaurant. The admin may seat more. */
export const GUEST_MAX_PARTY = 6;
export const ADMIN_MAX_PARTY = 40;
