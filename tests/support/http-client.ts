import { Agent, fetch } from 'undici';

/**
 * A minimal browser stand-in for integration tests: real HTTP, a cookie jar, and the Origin header a
 * browser sends (Better Auth refuses cross-origin POSTs).
 */
export class TestClient {
  private cookies = new Map<string, string>();
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
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      dispatcher: this.dispatcher,
      headers: {
        origin: this.baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...this.extraHeaders,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const text = value.join('=');
      if (/max-age=0/i.test(line) || text === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), text);
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: response.status, body: json as Record<string, any>, headers: response.headers };
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

  signUp(email: string, password: string) {
    return this.post('/api/auth/sign-up/email', { email, password, name: email.split('@')[0] });
  }

  signIn(email: string, password: string) {
    return this.post('/api/auth/sign-in/email', { email, password });
  }

  async session() {
    return (await this.get('/api/session')).body.user as null | {
      email: string;
      emailVerified: boolean;
      isAdmin: boolean;
    };
  }
}
