import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueActionCode } from '../../src/server/accounts/email-action-codes';
import { TestClient } from '../support/http-client';
import { actionLinkOf, emailsTo, waitForEmail } from '../support/outbox';
import { OWNER, OWNER_ENV } from '../support/owner';
import { startTestServer, type TestServer } from '../support/test-server';

const INVALID_LINK = 'This link is invalid or has already been used. Please request a new one.';

// The app's own routes (/api/account/..., /api/session) are called through the typed `api`. Better Auth's
// endpoints under /api/auth are not in ApiRoutes: sign-in, resets and email or password changes stay untyped.

describe('accounts over real HTTP', () => {
  let server: TestServer;
  let outbox: string;
  // Each test connects from its own loopback address, so the per-IP rate limits of one do not touch another.
  let nextAddress = 10;
  const clientFrom = (from: string, forwardedFor?: string) =>
    new TestClient(server.url, forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}, from);
  const addressForTest = () => `127.0.0.${nextAddress++}`;
  let from = '127.0.0.1';
  const client = () => clientFrom(from);
  /** A click on an emailed account-action link: the page posts its mode and code, from a browser of its own. */
  const emailAction = (link: { mode: string; oobCode: string }) =>
    client().api.account['email-action'].$post({ json: link });
  beforeEach(() => {
    from = addressForTest();
  });

  beforeAll(async () => {
    server = await startTestServer({ env: OWNER_ENV });
    outbox = server.config.mail.outboxDir;
  });
  afterAll(async () => {
    await server.stop();
  });

  it('sign-up sends a single-use verification link through /firebase-action', async () => {
    const guest = client();
    expect((await guest.signUp('ann@example.com', 'ann-password-1')).status).toBe(200);
    expect(await guest.session()).toMatchObject({ email: 'ann@example.com', emailVerified: false, isAdmin: false });

    const email = await waitForEmail(outbox, 'ann@example.com', /Confirm your email/);
    const { mode, oobCode, url } = actionLinkOf(email);
    expect(url.startsWith(`${server.url}/firebase-action?mode=verifyEmail&oobCode=`)).toBe(true);
    expect(email.text).toContain('Umi Sushi');

    const first = await emailAction({ mode, oobCode });
    expect(first).toMatchObject({ status: 200, body: { mode: 'verifyEmail' } });
    expect((await guest.session())?.emailVerified).toBe(true);

    const again = await emailAction({ mode, oobCode });
    expect(again).toMatchObject({ status: 400, body: { error: { message: INVALID_LINK } } });
  });

  it('refuses forged, expired and unknown-mode codes with the provider message', async () => {
    const forged = await emailAction({ mode: 'verifyEmail', oobCode: 'made-up-code' });
    expect(forged).toMatchObject({ status: 400, body: { error: { message: INVALID_LINK } } });

    const longAgo = new Date(Date.now() - 4 * 24 * 60 * 60 * 1000);
    const expired = await issueActionCode(server.database.db, 'verifyEmail', { token: 'x' }, longAgo);
    const response = await emailAction({ mode: 'verifyEmail', oobCode: expired });
    expect(response).toMatchObject({
      status: 400,
      body: { error: { message: 'This link has expired. Please request a new one.' } },
    });

    const badMode = await emailAction({ mode: 'signIn', oobCode: 'x' });
    expect(badMode).toMatchObject({ status: 400, body: { error: { message: 'Invalid mode parameter' } } });
  });

  it('the admin is the verified account with ADMIN_EMAIL, created on start from ADMIN_PASSWORD', async () => {
    const admin = client();
    expect((await admin.signIn(OWNER.email, OWNER.password)).status).toBe(200);
    expect(await admin.session()).toMatchObject({ email: OWNER.email, emailVerified: true, isAdmin: true });
  });

  it('an unverified sign-up with the admin address gets no admin rights, not even once the address is confirmed', async () => {
    const other = await startTestServer({ env: { ADMIN_EMAIL: 'boss@example.com' } });
    try {
      const squatter = new TestClient(other.url);
      expect((await squatter.signUp('boss@example.com', 'boss-password-1')).status).toBe(200);
      expect(await squatter.session()).toMatchObject({ emailVerified: false, isAdmin: false });
      const { mode, oobCode } = actionLinkOf(
        await waitForEmail(other.config.mail.outboxDir, 'boss@example.com', /Confirm/),
      );
      // The mailbox's owner clicks: the address is confirmed, and whoever signed up with it is signed out and
      // loses the password (issue 19.2: this click once made the squatter's session the admin's).
      const click = await new TestClient(other.url).api.account['email-action'].$post({ json: { mode, oobCode } });
      expect(click.body).toMatchObject({ mode: 'verifyEmail', setPasswordCode: expect.any(String) });
      expect(await squatter.session()).toBeNull();
      expect((await new TestClient(other.url).signIn('boss@example.com', 'boss-password-1')).status).toBe(401);
    } finally {
      await other.stop();
    }
  });

  it('ADMIN_PASSWORD takes over an unverified account that squatted the admin address, signing it out', async () => {
    const first = await startTestServer({ env: { ADMIN_EMAIL: 'chef@example.com' } });
    const squatter = new TestClient(first.url);
    expect((await squatter.signUp('chef@example.com', 'squatter-password-1')).status).toBe(200);
    const squatterCookie = squatter.cookieHeader();
    await first.close();

    // The owner starts the app with ADMIN_PASSWORD on the same database.
    const second = await startTestServer({
      env: { ADMIN_EMAIL: 'chef@example.com', ADMIN_PASSWORD: 'the-owners-password-1' },
      shared: first.testDatabase,
    });
    try {
      const oldSession = new TestClient(second.url, { cookie: squatterCookie });
      expect(await oldSession.session()).toBeNull();
      expect((await new TestClient(second.url).signIn('chef@example.com', 'squatter-password-1')).status).toBe(401);
      const owner = new TestClient(second.url);
      expect((await owner.signIn('chef@example.com', 'the-owners-password-1')).status).toBe(200);
      expect(await owner.session()).toMatchObject({ email: 'chef@example.com', emailVerified: true, isAdmin: true });
    } finally {
      await second.close();
      await first.testDatabase.drop();
    }
  });

  it('a wrong password and an unknown email get the same answer', async () => {
    await client().signUp('bob@example.com', 'bob-password-1');
    const wrongPassword = await client().signIn('bob@example.com', 'not-his-password');
    const unknownEmail = await client().signIn('nobody@example.com', 'not-his-password');
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('password reset answers alike for known and unknown emails, and its link works once', async () => {
    const guest = client();
    await guest.signUp('cat@example.com', 'cat-password-1');
    const otherDevice = client();
    await otherDevice.signIn('cat@example.com', 'cat-password-1');

    const known = await client().post('/api/auth/request-password-reset', { email: 'cat@example.com' });
    const unknown = await client().post('/api/auth/request-password-reset', { email: 'ghost@example.com' });
    expect(known.status).toBe(200);
    expect(unknown).toEqual({ ...known, headers: unknown.headers });
    expect(await emailsTo(outbox, 'ghost@example.com')).toEqual([]);

    const { mode, oobCode } = actionLinkOf(await waitForEmail(outbox, 'cat@example.com', /Reset your/));
    expect(mode).toBe('resetPassword');
    const reset = await client().post('/api/auth/reset-password', { newPassword: 'cat-password-2', token: oobCode });
    expect(reset.status).toBe(200);
    const reused = await client().post('/api/auth/reset-password', { newPassword: 'cat-password-3', token: oobCode });
    expect(reused.status).toBe(400);

    expect((await client().signIn('cat@example.com', 'cat-password-1')).status).toBe(401);
    expect((await client().signIn('cat@example.com', 'cat-password-2')).status).toBe(200);
    // The reset ended the sessions signed in with the old password.
    expect(await otherDevice.session()).toBeNull();
  });

  it('changing the email confirms the new address, then lets the old address undo it', async () => {
    const guest = client();
    await guest.signUp('dan@example.com', 'dan-password-1');
    const verify = actionLinkOf(await waitForEmail(outbox, 'dan@example.com', /Confirm/));
    await emailAction(verify);

    expect((await guest.post('/api/auth/change-email', { newEmail: 'dan.new@example.com' })).status).toBe(200);
    const confirmNew = actionLinkOf(await waitForEmail(outbox, 'dan.new@example.com', /Confirm/));
    expect((await emailAction(confirmNew)).status).toBe(200);
    expect(await guest.session()).toMatchObject({ email: 'dan.new@example.com', emailVerified: true });

    const recover = actionLinkOf(await waitForEmail(outbox, 'dan@example.com', /sign-in email was changed/));
    expect(recover.mode).toBe('recoverEmail');
    const undone = await emailAction(recover);
    expect(undone).toMatchObject({ status: 200, body: { mode: 'recoverEmail', email: 'dan@example.com' } });
    // The undo signs everyone out and sends a password reset to the restored address.
    expect(await guest.session()).toBeNull();
    await waitForEmail(outbox, 'dan@example.com', /Reset your/);
    expect((await client().signIn('dan@example.com', 'dan-password-1')).status).toBe(200);
  });

  it('changes the password without the old one only right after sign-in', async () => {
    const guest = client();
    await guest.signUp('eve@example.com', 'eve-password-1');
    expect((await guest.api.account.password.$post({ json: { newPassword: 'eve-password-2' } })).status).toBe(200);
    expect((await client().signIn('eve@example.com', 'eve-password-2')).status).toBe(200);

    // Age every session of eve's past the fresh window.
    await sql`update "session" set "createdAt" = ${server.testDatabase.dialect === 'postgres' ? new Date(Date.now() - 3600_000) : new Date(Date.now() - 3600_000).toISOString()}`.execute(
      server.database.db,
    );
    const stale = await guest.api.account.password.$post({ json: { newPassword: 'eve-password-3' } });
    expect(stale).toMatchObject({ status: 403, body: { error: { code: 'requires_recent_login' } } });
    const withPassword = await guest.post('/api/auth/change-password', {
      currentPassword: 'eve-password-2',
      newPassword: 'eve-password-3',
      revokeOtherSessions: true,
    });
    expect(withPassword.status).toBe(200);
    expect((await client().signIn('eve@example.com', 'eve-password-3')).status).toBe(200);
  });

  it('refuses a password change from a signed-out visitor', async () => {
    expect((await client().api.account.password.$post({ json: { newPassword: 'whatever-1' } })).status).toBe(401);
  });

  it('limits sign-in attempts per client address, and a forged X-Forwarded-For does not reset the count', async () => {
    const statuses: number[] = [];
    // 60 a minute from one address (room for a restaurant's shared Wi-Fi), each at another address so that no
    // account's own back-off comes into it; a new forged X-Forwarded-For each time: without TRUST_PROXY the
    // server keys on the socket's address.
    for (let attempt = 0; attempt < 62; attempt++) {
      const forged = clientFrom(from, `203.0.113.${attempt}`);
      const response = await forged.signIn(`nobody-${attempt}@example.com`, 'wrong-password');
      statuses.push(response.status);
      if (response.status === 429) expect(response.body.message).toMatch(/Too many requests/);
    }
    expect(statuses.slice(0, 60).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
    // Another client address is not limited by this one's attempts.
    expect((await clientFrom(addressForTest()).signIn('bob@example.com', 'wrong-password')).status).toBe(401);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie, and sign-out ends the session on the server', async () => {
    const guest = client();
    const signUp = await guest.signUp('fay@example.com', 'fay-password-1');
    const cookie = signUp.headers.getSetCookie().find((line) => line.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    // Replaying the same cookie after sign-out must not work: the server forgot the session.
    const token = /session_token=([^;]+)/.exec(cookie!)![1]!;
    const replay = () =>
      client().api.session.$get(undefined, { headers: { cookie: `better-auth.session_token=${token}` } });
    expect((await replay()).body.user).toMatchObject({ email: 'fay@example.com' });
    expect((await guest.post('/api/auth/sign-out')).status).toBe(200);
    expect((await replay()).body.user).toBeNull();
  });

  it('renews a session in use, and the browser cookie with it, so an active guest stays signed in', async () => {
    const guest = client();
    const signUp = await guest.signUp('gus@example.com', 'gus-password-1');
    const userId = (signUp.body.user as { id: string }).id;
    // Two days left of the week a session lasts: Better Auth renews a session once a day of use.
    const twoDaysLeft = new Date(Date.now() + 2 * 24 * 3600_000);
    await sql`update "session" set "expiresAt" = ${server.testDatabase.dialect === 'postgres' ? twoDaysLeft : twoDaysLeft.toISOString()} where "userId" = ${userId}`.execute(
      server.database.db,
    );
    const response = await guest.api.session.$get();
    expect(response.body.user).toMatchObject({ email: 'gus@example.com' });
    const renewed = response.headers.getSetCookie().find((line) => line.includes('session_token='));
    expect(renewed).toMatch(/Max-Age=604800/);
    expect(renewed).toMatch(/HttpOnly/i);
    const rows = await sql<{
      expiresAt: string | Date;
    }>`select "expiresAt" from "session" where "userId" = ${userId}`.execute(server.database.db);
    expect(rows.rows).toHaveLength(1);
    expect(new Date(rows.rows[0]!.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    // Asked again, the renewed session needs no renewal.
    const again = await guest.api.session.$get();
    expect(again.body.user).toMatchObject({ email: 'gus@example.com' });
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('ends the other sessions at once when the password changes, though they were just used', async () => {
    const phone = client();
    await phone.signUp('hal@example.com', 'hal-password-1');
    const laptop = client();
    await laptop.signIn('hal@example.com', 'hal-password-1');
    expect((await laptop.session())?.email).toBe('hal@example.com');
    const change = await phone.post('/api/auth/change-password', {
      currentPassword: 'hal-password-1',
      newPassword: 'hal-password-2',
      revokeOtherSessions: true,
    });
    expect(change.status).toBe(200);
    expect(await laptop.session()).toBeNull();
    expect((await phone.session())?.email).toBe('hal@example.com');
  });

  it('refuses an auth POST from another origin', async () => {
    const response = await client().post(
      '/api/auth/sign-in/email',
      { email: 'bob@example.com', password: 'bob-password-1' },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
  });
});

describe('Google sign-in configuration (Google itself is not contacted here)', () => {
  it('hands out a Google authorization URL with our client id and callback only when configured', async () => {
    const withGoogle = await startTestServer({
      env: {
        GOOGLE_CLIENT_ID: 'test-client-id',
        GOOGLE_CLIENT_SECRET: 'test-secret',
      },
    });
    try {
      const response = await new TestClient(withGoogle.url).post('/api/auth/sign-in/social', {
        provider: 'google',
        callbackURL: '/',
      });
      expect(response.status).toBe(200);
      const url = new URL(String(response.body.url));
      expect(url.origin).toBe('https://accounts.google.com');
      expect(url.searchParams.get('client_id')).toBe('test-client-id');
      expect(url.searchParams.get('redirect_uri')).toBe(
        `${withGoogle.url.replace('localhost', '127.0.0.1')}/api/auth/callback/google`,
      );
    } finally {
      await withGoogle.stop();
    }
    const without = await startTestServer();
    try {
      const response = await new TestClient(without.url).post('/api/auth/sign-in/social', {
        provider: 'google',
        callbackURL: '/',
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    } finally {
      await without.stop();
    }
  });
});
