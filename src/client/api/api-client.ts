import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiRoutes } from '../../server/app';
import type { ErrorBody } from '../../server/http/errors';

// The one typed client for the app's own API; its types follow the server's routes.
export const api = hc<ApiRoutes>('/api');

/** What the screens say when the server (or a part of the app still to load) cannot be reached. */
export const OFFLINE_MESSAGE = 'Cannot reach the server. Check your connection and try again.';

/** A failed API call, carrying the server's message (already in the spec's words) for the UI to show. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** Awaits a call and returns its JSON body, or throws ApiError with the server's message. */
// The body type of a response's success statuses; error statuses carry ErrorBody instead.
type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, string> ? (S extends SuccessStatusCode ? T : never) : never;

export async function unwrap<R extends ClientResponse<unknown>>(call: Promise<R>): Promise<SuccessBody<R>> {
  let response: R;
  try {
    response = await call;
  } catch {
    throw new ApiError(0, OFFLINE_MESSAGE, 'network');
  }
  if (response.ok) return (await response.json()) as SuccessBody<R>;
  const body = (await response.json().catch(() => null)) as ErrorBody | null;
  throw new ApiError(
    response.status,
    body?.error?.message ?? 'Something went wrong. Please try again.',
    body?.error?.code ?? 'unknown',
  );
}
