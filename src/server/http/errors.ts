import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_STATUS, type ErrorCode } from '../../shared/errors';

export { errorBody, type ErrorBody, type ErrorCode } from '../../shared/errors';

/** A rejection the user should read: carries the spec's message, and its code decides the HTTP status. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}
