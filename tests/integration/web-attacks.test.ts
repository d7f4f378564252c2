import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CONFIG_PLACEHOLDER } from '../../src/server/http/spa';
import { TestClient, type Reply } from '../support/http-client';
import { emailsTo, waitForEmail } from '../support/outbox';
import { OWNER, OWNER_ENV } from '../support/owner';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';
import { startTestServer } from '../support/test-server';

// What a hostile web page or a hostile guest can try over HTTP: forged cross-site writes, framing and
// sniffing, script in stored data, password guessing, and off-site redirect targets.
// The app's own routes, called as its pages call them, go through the typed api. Untyped on purpose: forged
// requests (foreign origins, exact headers, text/plain bodies), pages and assets, a path that does not exist,
// the event stream, and Better Auth's endpoints under /api/auth.

const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
const HOSTILE_REQUEST = '</script><script>alert(1)</script>';
// The restaurant's name is written into index.html: even an operator's typo must not open a script.
const HOSTILE_RESTAURANT = 'Umi </script><script>alert(1)</script>';

/**
 * The test server with a (stand-in) built client folder, so the SPA's pages are served too. Its clock can be
 * moved, for the morning reminder.
 */
async function startWithClient() {
  const clientDir = mkdtempSync(join(tmpdir(), 'client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(
    join(clientDir, 'index.html'),
    `<!doctype html><html><head>${PUBLIC_CONFIG_PLACEHOLDER}<script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(clientDir, 'assets', 'app.js'), 'console.log("app");');
  const clock = { now: FIXED_NOW };
  const server = await startTestServer({
    env: {
      ...OWNER_ENV,
      GOOGLE_CLIENT_ID: 'test-client-id',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      RESTAURANT_NAME: HOSTILE_RESTAURANT,
    },
    now: () => clock.now,
    clientDir,
  });
  return {
    ...server,
    clock,
    stop: async () => {
      await server.stop();
      rmSync(clientDir, { recursive: true, force: true });
    },
  };
}

describe('web attacks over real HTTP', () => {
  let server: Awaited<ReturnType<typeof startWithClient>>;
  let guest: TestClient;
  let admin: TestClient;
  let address = 40;
  const newClient = () => new TestClient(server.url, {}, `127.0.0.${address++}`);

  beforeAll(async () => {
    server = await startWithClient();
    guest = newClient();
    admin = newClient();
    expect((await guest.signUp('ann@example.com', 'ann-password-1')).status).toBe(200);
    expect((await admin.signIn(OWNER.email, OWNER.password)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Everything a forged request could change: bookings, accounts and passwords, live sessions. */
  async function stored() {
    const db = server.database.db;
    return JSON.stringify(
      await Promise.all([
        db.selectFrom('reservations').selectAll().orderBy('id').execute(),
        db.selectFrom('user').select(['id', 'email', 'emailVerified', 'name']).orderBy('id').execute(),
        sql`select "userId", "password" from "account" order by "id"`.execute(db),
        sql`select "token" from "session" order by "token"`.execute(db),
        sql`select "identifier" from "verification" order by "id"`.execute(db),
      ]),
    );
  }

  /** A request with the guest's cookie and exactly these headers (no Origin unless given). */
  async function withGuestCookie(method: string, path: string, headers: Record<string, string>, body?: unknown) {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        cookie: guest.cookieHeader(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : null };
  }

  describe('cross-site request forgery', () => {
    let target: string;
    beforeAll(async () => {
      const booked = await guest.api.reservations.$post({ json: bookingBody({ reservationDate: '2026-11-25' }) });
      expect(booked.status).toBe(201);
      target = booked.body.reservation.id;
    });

    // Every state-changing request a page elsewhere might send with the guest's cookie.
    const WRITES: [method: string, path: () => string, body: unknown][] = [
      ['POST', () => '/api/reservations', bookingBody({ reservationDate: '2026-11-26', name: 'Forged Booking' })],
      ['PATCH', () => `/api/reservations/${target}`, { name: 'Mallory' }],
      ['DELETE', () => `/api/reservations/${target}`, undefined],
      ['POST', () => '/api/account/password', { newPassword: 'hijacked-password-1' }],
      ['POST', () => '/api/auth/update-user', { name: 'Mallory' }],
      ['POST', () => '/api/auth/change-email', { newEmail: 'mallory@evil.example' }],
      ['POST', () => '/api/auth/change-password', { currentPassword: 'ann-password-1', newPassword: 'hijacked-1' }],
      ['POST', () => '/api/auth/sign-out', {}],
    ];
    // Where the forged request claims to come from.
    const FOREIGN: [label: string, headers: () => Record<string, string>][] = [
      ['another site', () => ({ origin: 'https://evil.example' })],
      ['a sandboxed frame or data: URL (Origin: null)', () => ({ origin: 'null' })],
      [
        'another port of our host',
        () => ({ origin: server.url.replace(/:(\d+)$/, (_, port) => `:${Number(port) + 1}`) }),
      ],
      ['our host over https', () => ({ origin: server.url.replace('http://', 'https://') })],
      ['a look-alike host', () => ({ origin: `${server.url}.evil.example` })],
      ["Vite's dev origin (trusted in development only)", () => ({ origin: 'http://localhost:5173' })],
      ['another site, Origin stripped (Sec-Fetch-Site only)', () => ({ 'sec-fetch-site': 'cross-site' })],
    ];

    it.each(FOREIGN)('refuses every write from %s, and nothing changes', async (_label, headers) => {
      const before = await stored();
      for (const [method, path, body] of WRITES) {
        const response = await withGuestCookie(method, path(), headers(), body);
        expect(response.status, `${method} ${path()}`).toBe(403);
        // PUBLIC_URL is set (as the test server sets it): the refusal names the address to open (issue 19.6).
        expect(response.json).toEqual({
          error: {
            message: `This app's address is ${server.url}. Please open it there and try again.`,
            code: 'cross_origin',
          },
        });
      }
      // A form post needs no preflight: text/plain is refused all the same.
      const simple = await fetch(`${server.url}/api/reservations`, {
        method: 'POST',
        headers: { cookie: guest.cookieHeader(), 'content-type': 'text/plain', ...headers() },
        body: JSON.stringify(bookingBody({ reservationDate: '2026-11-26' })),
      });
      expect(simple.status).toBe(403);
      expect(await stored()).toBe(before);
      expect(await guest.session()).toMatchObject({ email: 'ann@example.com' });
    });

    it('lets the same requests through from our own pages, and from clients that are not browsers', async () => {
      // The policy (src/server/http/same-origin.ts): a browser always sends Origin or Sec-Fetch-Site on a
      // cross-site write; a request with neither carries no victim's cookies, so it is let through.
      const ours = await withGuestCookie(
        'PATCH',
        `/api/reservations/${target}`,
        { origin: server.url },
        { name: 'Ann A' },
      );
      expect(ours.status).toBe(200);
      const sameOrigin = await withGuestCookie(
        'PATCH',
        `/api/reservations/${target}`,
        { 'sec-fetch-site': 'same-origin' },
        { name: 'Ann B' },
      );
      expect(sameOrigin.status).toBe(200);
      const noBrowser = await withGuestCookie('PATCH', `/api/reservations/${target}`, {}, { name: 'Ann C' });
      expect(noBrowser.status).toBe(200);
      expect((await guest.api.reservations[':id'].$get({ param: { id: target } })).body.reservation.name).toBe('Ann C');
    });

    it('lets no other site read the API: no CORS headers, not even on a preflight', async () => {
      const read = await withGuestCookie('GET', '/api/reservations/mine', { origin: 'https://evil.example' });
      const preflight = await fetch(`${server.url}/api/reservations/${target}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'DELETE',
          'access-control-request-headers': 'content-type',
        },
      });
      for (const headers of [read.headers, preflight.headers]) {
        const cors = [...headers.keys()].filter((name) => name.startsWith('access-control-'));
        expect(cors).toEqual([]);
      }
      expect(preflight.status).toBeGreaterThanOrEqual(400);
    });
  });

  describe('security headers', () => {
    /** The headers this app promises on every answer (src/server/http/security-headers.ts). */
    function expectSecurityHeaders(headers: Headers, what: string) {
      const csp = Object.fromEntries(
        (headers.get('content-security-policy') ?? '')
          .split(';')
          .map((directive) => directive.trim().split(/\s+/))
          .filter(([name]) => name)
          .map(([name, ...values]) => [name, values]),
      );
      expect(csp, what).toMatchObject({
        'default-src': ["'self'"],
        // No inline script and no eval: injected markup cannot run script even if it got into the page.
        'script-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'", 'https://accounts.google.com'],
        'connect-src': ["'self'"],
      });
      expect(headers.get('x-content-type-options'), what).toBe('nosniff');
      expect(headers.get('x-frame-options'), what).toBe('DENY');
      expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
      expect(headers.get('strict-transport-security'), what).toMatch(/max-age=31536000/);
      expect(headers.get('cross-origin-opener-policy'), what).toBe('same-origin');
      expect(headers.get('permissions-policy'), what).toContain('camera=()');
      expect(headers.get('x-powered-by'), what).toBeNull();
    }

    it('sends them on the pages, the assets and every kind of API answer', async () => {
      const anonymous = newClient();
      const answers: [string, Promise<{ status: number; headers: Headers }>][] = [
        ['the home page', anonymous.get('/')],
        ['a deep link', anonymous.get('/my-reservations')],
        ['the print report', anonymous.get('/admin/print?date=2026-11-24')],
        ['a script asset', anonymous.get('/assets/app.js')],
        ['an API success', anonymous.api.health.$get()],
        ['an API refusal (401)', anonymous.api.reservations.mine.$get()],
        ['an unknown API path (404)', anonymous.get('/api/no-such-thing')],
        ['a Better Auth answer', anonymous.get('/api/auth/get-session')],
        ['a cross-site refusal (403)', anonymous.post('/api/reservations', {}, { origin: 'https://evil.example' })],
      ];
      for (const [what, pending] of answers) {
        const { status, headers } = await pending;
        expect(status, what).toBeLessThan(500);
        expectSecurityHeaders(headers, what);
      }
      // The admin's live view too: an event stream is read by the page's script only.
      const controller = new AbortController();
      const stream = await fetch(`${server.url}/api/reservations/stream?date=2026-11-24`, {
        headers: { cookie: admin.cookieHeader() },
        signal: controller.signal,
      });
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expectSecurityHeaders(stream.headers, 'the event stream');
      controller.abort();
    });

    it("writes the restaurant's name into index.html as data that cannot close its script tag", async () => {
      const page = await fetch(`${server.url}/`);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).not.toContain('</script><script>alert(1)');
      const data = /<script type="application\/json" id="[^"]+">(.*?)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(data!)).toMatchObject({ restaurantName: HOSTILE_RESTAURANT });
    });
  });

  describe('script in stored data', () => {
    it('stores an HTML name as typed and returns it only as JSON data', async () => {
      const response = await guest.api.reservations.$post({
        json: bookingBody({ name: HOSTILE_NAME, specialRequests: HOSTILE_REQUEST, reservationDate: '2026-11-24' }),
      });
      expect(response.status).toBe(201);
      const { id } = response.body.reservation;
      const stored = await server.database.db
        .selectFrom('reservations')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      // Neither stripped nor entity-encoded: the characters the guest typed, for the page to show as text.
      expect(stored).toMatchObject({ name: HOSTILE_NAME, specialRequests: HOSTILE_REQUEST });

      // Each read, and the booking's own answer (no read: it is there already).
      const reads: [string, (() => Promise<Reply>) | undefined][] = [
        ['the booking answer', undefined],
        ["the guest's list", () => guest.api.reservations.mine.$get()],
        ['the reservation', () => guest.api.reservations[':id'].$get({ param: { id } })],
        ["the admin's day", () => admin.api.reservations.$get({ query: { date: '2026-11-24' } })],
        ["the admin's search list", () => admin.api.reservations.all.$get()],
      ];
      for (const [what, read] of reads) {
        const answer: Reply = read ? await read() : response;
        expect(answer.status, what).toBe(read ? 200 : 201);
        // JSON with nosniff: a browser opening the URL directly shows text, it never renders HTML.
        expect(answer.headers.get('content-type'), what).toMatch(/^application\/json/);
        expect(answer.headers.get('x-content-type-options'), what).toBe('nosniff');
        const found = [answer.body.reservation, ...(answer.body.reservations ?? [])].find((r) => r?.id === id);
        expect(found, what).toMatchObject({ name: HOSTILE_NAME, specialRequests: HOSTILE_REQUEST });
      }

      // The admin's live view sends it as JSON inside an event stream.
      const controller = new AbortController();
      const stream = await fetch(`${server.url}/api/reservations/stream?date=2026-11-24`, {
        headers: { cookie: admin.cookieHeader() },
        signal: controller.signal,
      });
      let text = '';
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      while (!/event: snapshot\ndata: (.*)\n\n/.test(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      controller.abort();
      const snapshot = JSON.parse(/event: snapshot\ndata: (.*)\n\n/.exec(text)![1]!) as {
        reservations: { name: string }[];
      };
      expect(snapshot.reservations.map((r) => r.name)).toContain(HOSTILE_NAME);
    });

    it('escapes it in the HTML of the morning reminder email', async () => {
      const response = await admin.api.reservations.$post({
        json: bookingBody({
          name: HOSTILE_NAME,
          reservationDate: '2026-11-28',
          reminderEmail: 'hostile.reminder@example.com',
        }),
      });
      expect(response.status).toBe(201);
      try {
        server.clock.now = new Date('2026-11-28T17:00:00Z'); // 09:00 in Los Angeles on the day
        expect(await server.reminders.runOnce()).toBeGreaterThan(0);
      } finally {
        server.clock.now = FIXED_NOW;
      }
      const email = await waitForEmail(server.config.mail.outboxDir, 'hostile.reminder@example.com', /Reminder/);
      expect(email.text).toContain(`Hello ${HOSTILE_NAME},`);
      expect(email.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
      expect(email.html).not.toContain('<img');
      // The restaurant's name in the signature is escaped too.
      expect(email.html).not.toContain('</script><script>');
    });
  });

  describe('password guessing', () => {
    it('limits sign-in attempts from one address, even with the right password or another account', async () => {
      await newClient().signUp('cat@example.com', 'cat-password-1');
      const attacker = newClient();
      // Spread over many accounts, so that no one account's back-off comes first: 60 a minute from one address.
      for (let attempt = 0; attempt < 60; attempt++)
        expect((await attacker.signIn(`victim-${attempt}@example.com`, `guess-${attempt}`)).status).toBe(401);
      // Limited now: guessing right does not get in, and moving on to another account does not help.
      for (const [email, password] of [
        ['ann@example.com', 'ann-password-1'],
        ['cat@example.com', 'cat-password-1'],
      ]) {
        const limited = await attacker.signIn(email!, password!);
        expect(limited.status).toBe(429);
        expect(limited.body.message).toMatch(/Too many requests/);
        expect(Number(limited.headers.get('x-retry-after'))).toBeGreaterThan(0);
        expect(limited.headers.getSetCookie().some((line) => line.includes('session_token'))).toBe(false);
      }
      // The guest, from their own address, is not locked out by the attacker's guesses.
      expect((await newClient().signIn('ann@example.com', 'ann-password-1')).status).toBe(200);
    });

    it('holds back an address after five wrong passwords for one account, until the wait is over, and that address only', async () => {
      await newClient().signUp('dan@example.com', 'dan-password-1');
      const guesser = newClient();
      for (let attempt = 0; attempt < 5; attempt++)
        expect((await guesser.signIn('dan@example.com', `guess-${attempt}`)).status).toBe(401);
      // Now even the right password waits at that address: the guesser cannot tell a right guess.
      const waiting = await guesser.signIn('dan@example.com', 'dan-password-1');
      expect(waiting.status).toBe(429);
      expect(waiting.body.message).toBe(
        'Too many wrong passwords for this account. Please wait 1 minute and try again, or reset your password.',
      );
      expect(waiting.headers.getSetCookie().some((line) => line.includes('session_token'))).toBe(false);
      // Dan, at an address that never failed for his account, is not held back.
      expect((await newClient().signIn('dan@example.com', 'dan-password-1')).status).toBe(200);
      // An address with no account waits the same way: the back-off says nothing about who has an account.
      const prober = newClient();
      for (let attempt = 0; attempt < 5; attempt++) await prober.signIn('nobody@example.com', `guess-${attempt}`);
      expect((await prober.signIn('nobody@example.com', 'x')).status).toBe(429);
      // Once the wait is over (the server's clock a minute on), the right password works and forgives the run.
      server.clock.now = new Date(FIXED_NOW.getTime() + 61_000);
      try {
        expect((await guesser.signIn('dan@example.com', 'dan-password-1')).status).toBe(200);
        expect((await guesser.signIn('dan@example.com', 'wrong')).status).toBe(401);
      } finally {
        server.clock.now = FIXED_NOW;
      }
    });

    it('sends one address three password resets for an inbox in an hour (no mail bombing through us)', async () => {
      await newClient().signUp('dot@example.com', 'dot-password-1');
      const attacker = newClient();
      const statuses = [];
      for (let attempt = 0; attempt < 11; attempt++)
        statuses.push((await attacker.post('/api/auth/request-password-reset', { email: 'dot@example.com' })).status);
      // Ten requests in ten minutes from one address are answered as usual; the eleventh waits.
      expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
      // Three emails went out, once the outbox has sent what was queued.
      await server.outbox.drain();
      const resets = (await emailsTo(server.config.mail.outboxDir, 'dot@example.com')).filter((email) =>
        /Reset your/.test(email.subject),
      );
      expect(resets).toHaveLength(3);
    });
  });

  describe('off-site redirect targets', () => {
    // The sign-in page's `next` is checked in the browser (src/client/auth/safe-next.ts, with its unit test
    // and the e2e sign-in); the server checks what it redirects to itself: Better Auth's callback targets.
    const OFF_SITE = ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)'];

    it.each(OFF_SITE)('refuses %s as the place to return to after Google sign-in', async (callbackURL) => {
      const response = await newClient().post('/api/auth/sign-in/social', { provider: 'google', callbackURL });
      expect(response.status).toBe(403);
      expect(response.body.message).toMatch(/callbackURL/);
      const asError = await newClient().post('/api/auth/sign-in/social', {
        provider: 'google',
        callbackURL: '/',
        errorCallbackURL: callbackURL,
      });
      expect(asError.status).toBe(403);
    });

    it('refuses an off-site target in a sign-up and in a password reset, and acts on neither', async () => {
      const before = await stored();
      const signUp = await newClient().post('/api/auth/sign-up/email', {
        email: 'eve@example.com',
        password: 'eve-password-1',
        name: 'Eve',
        callbackURL: 'https://evil.example/',
      });
      expect(signUp.status).toBe(403);
      const reset = await newClient().post('/api/auth/request-password-reset', {
        email: 'ann@example.com',
        redirectTo: 'https://evil.example/',
      });
      expect(reset.status).toBe(403);
      expect(await stored()).toBe(before);
    });

    it('accepts a path on this site', async () => {
      const response = await newClient().post('/api/auth/sign-in/social', {
        provider: 'google',
        callbackURL: '/my-reservations',
      });
      expect(response.status).toBe(200);
      expect(new URL(String(response.body.url)).origin).toBe('https://accounts.google.com');
    });
  });
});
