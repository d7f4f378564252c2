import type { Reservation } from './reservation';

// The one error shape on the wire, `{ "error": { "message": "...", "code": "..." } }`, and every code the API
// answers with, beside its HTTP status: the server throws by code, the page reads the code (typed) and shows
// the message, which is already in the spec's words. A refusal about reservations (a settings change that
// would strand them) lists them in `error.reservations`.

export const ERROR_STATUS = {
  // The request is wrong; the message says how.
  bad_request: 400,
  invalid_request: 400,
  date_not_bookable: 400,
  invalid_time: 400,
  invalid_tables: 400,
  not_enough_seats: 400,
  party_too_large: 400,
  invalid_action_code: 400,
  expired_action_code: 400,
  invalid_mode: 400,
  provider_error: 400,
  password_too_short: 400,
  password_too_long: 400,
  // Who is asking.
  unauthenticated: 401,
  forbidden: 403,
  requires_recent_login: 403,
  cross_origin: 403,
  not_found: 404,
  // The book says no: taken meanwhile, a fair-use limit, an id already used, a seating begun.
  slot_taken: 409,
  booking_limit: 409,
  conflict: 409,
  begun: 409,
  // The owner's settings: a change that would leave reservations without a table (refused until they are
  // moved), and one that needs the owner's confirmation first (closing dates that have bookings).
  strands_reservations: 409,
  needs_confirmation: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  // The database cannot be reached, or the server is restarting: try again shortly.
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  error: { message: string; code: ErrorCode; reservations?: Reservation[] };
}

export const errorBody = (message: string, code: ErrorCode, reservations?: Reservation[]): ErrorBody => ({
  error: reservations ? { message, code, reservations } : { message, code },
});
