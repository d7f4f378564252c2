import type { ClientResponse, hc } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiRoutes } from '../../server/app';
import type { ErrorBody, ErrorCode } from '../../shared/errors';
import type { Reservation } from '../../shared/reservation';

/** Hono's typed client for our routes: the types follow the server, so a wrong path or body fails to compile. */
export type ApiClient = ReturnType<typeof hc<ApiRoutes>>;

/** The arguments of a call, in Hono's client convention. */
interface CallArgs {
  param?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
}

/**
 * The one client for the app's own API, typed as Hono's client but run on plain fetch: Hono's client runtime
 * was 2 kB of the booking page's first load (docs/decisions/0004-first-load-budget.md), and the app uses
 * only its plain calls, `api.reservations[':id'].$patch({ param, json })`: the property names are the path,
 * the last one the method.
 */
export function createApiClient(baseUrl: string): ApiClient {
  const route = (segments: string[]): unknown =>
    new Proxy(() => undefined, {
      // 'then' stays undefined, so awaiting a route by mistake does not look like a promise.
      get: (_target, key) => (typeof key === 'string' && key !== 'then' ? route([...segments, key]) : undefined),
      apply: (_target, _this, [args = {}]: [CallArgs?]) => {
        const method = segments.at(-1)!.slice(1).toUpperCase();
        const path = segments
          .slice(0, -1)
          .map((segment) =>
            segment.startsWith(':') ? encodeURIComponent(args.param?.[segment.slice(1)] ?? '') : segment,
          )
          .join('/');
        const query = new URLSearchParams();
        for (const [name, value] of Object.entries(args.query ?? {})) {
          if (value !== undefined) query.set(name, String(value));
        }
        const search = query.size ? `?${query.toString()}` : '';
        return fetch(`${baseUrl}/${path}${search}`, {
          method,
          ...(args.json === undefined
            ? {}
            : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(args.json) }),
        });
      },
    });
  return route([]) as ApiClient;
}

export const api = createApiClient('/api');

/** What the screens say when the server (or a part of the app still to load) cannot be reached. */
export const OFFLINE_MESSAGE = 'Cannot reach the server. Check your connection and try again.';

/** A failed API call, carrying the server's message (already in the spec's words) for the UI to show. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    /** The server's code; 'network' when nothing answered, 'unknown' for an answer not in our shape. */
    readonly code: ErrorCode | 'network' | 'unknown',
    /** The reservations a refusal is about (a settings change that would strand them), when it lists some. */
    readonly reservations: Reservation[] = [],
  ) {
    super(message);
  }
}

/**
 * What a screen shows for a failed call: the server's own words when it refused (4xx) or asked for patience
 * (503, the book out of reach for a moment), the offline text when nothing answered, and otherwise the screen's
 * fallback from the spec ("Failed to update reservation. Please try again.").
 */
export function userMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code === 'network') return OFFLINE_MESSAGE;
  if ((error.status >= 400 && error.status < 500) || error.status === 503) return error.message;
  return fallback;
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
    body?.error?.reservations ?? [],
  );
}

/** No answer at all, or a proxy's answer while the app restarts: the request may or may not have been done. */
export const isLostAnswer = (error: Error) =>
  error instanceof ApiError && (error.code === 'network' || [502, 503, 504].includes(error.status));

/**
 * Mutation options for writes that are safe to send twice (a booking with its own id, an edit, a cancel): when
 * the answer is lost on the way, a phone between networks say, the write is sent again, up to 3 times.
 */
export const resendLostAnswers = {
  retry: (failures: number, error: Error) => failures < 3 && isLostAnswer(error),
  retryDelay: (failures: number) => 500 * 2 ** failures,
};
