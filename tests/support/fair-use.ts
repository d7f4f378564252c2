/**
 * For tests and benchmarks about something else that book many times as one guest (the availability rules,
 * reminders, a full seating, a booking load): the fair-use limits off (0 = no limit). The limits themselves are tested with their defaults.
 */
export const NO_FAIR_USE_LIMITS = {
  BOOKING_ALLOW_OVERLAP: 'true',
  BOOKING_MAX_UPCOMING: '0',
  BOOKING_MAX_PER_DATE: '0',
  BOOKING_RATE_PER_ACCOUNT: '0',
  BOOKING_RATE_PER_ADDRESS: '0',
};
