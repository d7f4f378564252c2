import { hc, type ClientResponse } from 'hono/client';
import { Agent, fetch as undiciFetch } from 'undici';
import type { ApiRoutes } from '../../src/server/app';

/** An answer as tests read it: the status, the parsed JSON body (or the text when it is not JSON), the headers. */
// The body is loose on purpose: error answers (thrown AppErrors) are not in the routes' types, and tests read both.
export interface Reply<T = unknown> {
  status: number;
  body: T & Record<string, any>;
  headers: Headers;
}

type BodyOf<R> = R extends ClientResponse<infer T, number, string> ? T : never;

/** Hono's typed client for ApiRoutes, each call answering a Reply instead of a Response. */
export type TypedApi<C> = {
  [K in keyof C]: C[K] extends (...args: infer A) => Promise<infer R>
    ? (...args: A) => Promise<Reply<BodyOf<R>>>
    : C[K] extends object
      ? TypedApi<C[K]>
      : C[K];
};

type HonoApi = ReturnType<typeof hc<ApiRoutes>>;

const METHODS = new Set(['$get', '$post', '$put', '$patch', '$delete']);

/** Wraps hc's proxy so that each request method resolves to a Reply; paths, params and bodies stay typed. */
function replying<C extends object>(client: C): TypedApi<C> {
  return new Proxy(client, {
    get: (target, key) => {
      const value = Reflect.get(target, key) as unknown;
      if (typeof key !== 'string' || (typeof value !== 'function' && typeof value !== 'object') || value === null)
        return value;
      if (METHODS.has(key))
        return (...args: unknown[]) => (value as (...a: unknown[]) => Promise<Response>)(...args).then(readReply);
      return replying(value);
    },
  }) as TypedApi<C>;
}

async function readReply(response: Response): Promise<Reply<never>> {
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, body: json as Reply<never>['body'], headers: response.headers };
}

/**
 * A browser stand-in for integration tests: real HTTP, a cookie jar, and the Origin header a browser sends
 * (Better Auth refuses cross-origin POSTs). `api` is the app's own typed API (Hono's hc over ApiRoutes, the
 * types the browser's client uses), so a test that calls a path, parameter or body the server does not have
 * fails to compile. The untyped `request`/`get`/`post`/... stay for what the typed API cannot say: Better
 * Auth's endpoints under /api/auth, hostile bodies, foreign origins and raw headers.
 */
export class TestClient {
  readonly api: TypedApi<HonoApi>;
  private readonly cookies = new Map<string, string>();
  private readonly dispatcher: Agent | undefined;

  /**
   * `from` is the loopback address to connect from (127.0.0.2, ...): a different client IP as the
   * server's socket sees it, so per-IP rate limits can be exercised for real.
   */
  constructor(
    readonly baseUrl: string,
    private readonly extraHeaders: Record<string, string> = {},
    from?: string,
  ) {
    this.dispatcher = from ? new Agent({ localAddress: from }) : undefined;
    this.api = replying(
      hc<ApiRoutes>(`${baseUrl}/api`, {
        fetch: (input: RequestInfo | URL, init?: RequestInit) =>
          this.send(input instanceof Request ? input.url : input.toString(), init ?? {}),
        headers: () => this.browserHeaders(),
      }),
    );
  }

  /** What a browser on the app's page adds to each request: its Origin and its cookies. */
  private browserHeaders(): Record<string, string> {
    return {
      origin: this.baseUrl,
      ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
      ...this.extraHeaders,
    };
  }

  /** One request from this client's address, redirects not followed (tests look at them); keeps the cookies set. */
  private async send(url: string, init: RequestInit): Promise<Response> {
    const response = await undiciFetch(url, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      redirect: 'manual',
      dispatcher: this.dispatcher,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const text = value.join('=');
      if (/max-age=0/i.test(line) || text === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), text);
    }
    return response as unknown as Response;
  }

  /** An untyped request: for paths outside ApiRoutes (/api/auth/...) and bodies the typed API would refuse. */
  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    return readReply(
      await this.send(`${this.baseUrl}${path}`, {
        method,
        headers: {
          ...this.browserHeaders(),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  }

  /** The Cookie header this client sends (for opening an event stream as the same user). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  patch(path: string, body: unknown = {}) {
    return this.request('PATCH', path, body);
  }

  delete(path: string) {
    return this.request('DELETE', path);
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }

  post(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }

  // Better Auth's endpoints are not in ApiRoutes: they go through the untyped request.
  signUp(email: string, password: string) {
    return this.post('/api/auth/sign-up/email', { email, password, name: email.split('@')[0] });
  }

  signIn(email: string, password: string) {
    return this.post('/api/auth/sign-in/email', { email, password });
  }

  async session() {
    return (await this.api.session.$get()).body.user;
  }
}
