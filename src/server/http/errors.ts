import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_STATUS, type ErrorCode } from '../../shared/errors';
import type { Reservation } from '../../shared/reservation';

export { errorBody, type ErrorBody, type ErrorCode } from '../../shared/errors';

/** A rejection the user should read: carries the spec's message, and its code decides the HTTP status. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The reservations the refusal is about, listed for the admin (a settings change that would strand them). */
    readonly reservations?: Reservation[],
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}
