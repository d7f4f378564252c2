import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error shape on the wire: `{ "error": { "message": "...", "code": "..." } }`. */
export interface ErrorBody {
  error: { message: string; code: string };
}

/** A rejection the user should read: carries the spec's message and the HTTP status to answer with. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code: string = 'bad_request',
  ) {
    super(message);
  }
}

export const errorBody = (message: string, code: string): ErrorBody => ({ error: { message, code } });
