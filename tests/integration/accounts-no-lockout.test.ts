import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { movableClock } from '../support/movable-clock';
import { actionLinkOf, emailsToAnyOf, waitForEmail, type ReceivedEmail } from '../support/outbox';
import { OWNER, OWNER_ENV } from '../support/owner';
import { startTestServer, type TestServer } from '../support/test-server';

// The black-box audit after issue 19, "nobody outside can lock an account", replayed. Whatever a stranger sets off
// with someone's address from addresses of their own (sign-ups, wrong passwords, reset requests, other spellings
// of the inbox), the owner still signs in from their own address and still gets a password-reset email; and
// nobody floods the inbox doing it. The limits are the defaults (README, "Security"). Each describe has its own
// server and database; where a test waits out a back-off, it moves the server's clock instead.

const MINUTE = 60_000;

let nextAddress = 1;
/** A browser on a loopback address of its own: a client address that has done nothing here yet. */
const clientOf = (server: TestServer) => new TestClient(server.url, {}, `127.0.3.${nextAddress++}`);

const waitMessage = (minutes: number) =>
  `Too many wrong passwords for this account. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again, or reset your password.`;

/** The emails to exactly these addresses whose subject matches, once every email queued so far has been sent. */
async function delivered(server: TestServer, addresses: string[], subject: RegExp): Promise<ReceivedEmail[]> {
  await server.outbox.drain();
  return (await emailsToAnyOf(server.config.mail.outboxDir, addresses)).filter((email) => subject.test(email.subject));
}

const RESET = /^Reset your/;
const CONFIRM = /^Confirm your email/;
const SIGN_UP_NOTICE = /tried to create/;

/** The audit's ten requests from one address: five sign-ups with the victim's address, then five wrong passwords. */
async function tenRequestLockout(server: TestServer, email: string): Promise<TestClient> {
  const attacker = clientOf(server);
  for (let attempt = 0; attempt < 5; attempt++)
    expect((await attacker.signUp(email, `attackers-password-${attempt}`)).status).toBe(422);
  for (let attempt = 0; attempt < 5; attempt++)
    expect((await attacker.signIn(email, `wrong-guess-${attempt}`)).status).toBe(401);
  return attacker;
}

describe.each([
  { victim: 'a guest', email: 'victim@example.com', password: 'victims-password-1', isAdmin: false },
  { victim: 'the admin', email: OWNER.email, password: OWNER.password, isAdmin: true },
])('the ten-request lockout, against $victim', ({ email, password, isAdmin }) => {
  let server: TestServer;
  const clock = movableClock();
  beforeAll(async () => {
    // ADMIN_EMAIL and ADMIN_PASSWORD make the admin account at start.
    server = await startTestServer({
      env: OWNER_ENV,
      now: clock.now,
    });
    if (!isAdmin) expect((await clientOf(server).signUp(email, password)).status).toBe(200);
  });
  afterAll(() => server.stop());

  it('leaves the owner signing in from their own address and getting a reset email; more guesses hold back only the attacker', async () => {
    const attacker = await tenRequestLockout(server, email);
    // The attacker's address waits now, even with the right password: a right guess looks like a wrong one.
    const held = await attacker.signIn(email, password);
    expect(held).toMatchObject({ status: 429, body: { message: waitMessage(1) } });
    expect(held.headers.getSetCookie().some((line) => line.includes('session_token'))).toBe(false);

    // The owner, from an address that never failed, signs in at once...
    const owner = clientOf(server);
    expect((await owner.signIn(email, password)).status).toBe(200);
    expect(await owner.session()).toMatchObject({ email, isAdmin });
    // ... and asks for a password reset, which arrives: the five notices did not use up the inbox's emails.
    expect((await owner.post('/api/auth/request-password-reset', { email })).status).toBe(200);
    const reset = actionLinkOf(await waitForEmail(server.config.mail.outboxDir, email, RESET));
    // Of the five "someone tried to sign up" notices, one reached the inbox: one an hour says all there is to say.
    expect(await delivered(server, [email], SIGN_UP_NOTICE)).toHaveLength(1);

    // The attacker keeps guessing, one guess per wait: each wait is longer, and the owner is never held back.
    for (const minutes of [1, 2, 4, 8, 16, 30, 30]) {
      expect(await attacker.signIn(email, 'a-guess-too-soon')).toMatchObject({
        status: 429,
        body: { message: waitMessage(minutes) },
      });
      clock.forward(minutes * MINUTE);
      expect((await attacker.signIn(email, `a-guess-after-${minutes}-minutes`)).status).toBe(401);
      expect((await owner.signIn(email, password)).status).toBe(200);
    }

    // The reset through the emailed link ends every wait on the account.
    expect(
      (
        await clientOf(server).post('/api/auth/reset-password', {
          newPassword: 'a-new-password-1',
          token: reset.oobCode,
        })
      ).status,
    ).toBe(200);
    expect((await attacker.signIn(email, 'one-more-guess')).status).toBe(401);
    expect((await owner.signIn(email, 'a-new-password-1')).status).toBe(200);
    expect(await owner.session()).toMatchObject({ email, isAdmin });
  });
});

describe('wrong passwords from many addresses', () => {
  let server: TestServer;
  const clock = movableClock();
  const email = 'many@example.com';
  const password = 'many-password-1';
  beforeAll(async () => {
    server = await startTestServer({ now: clock.now });
    expect((await clientOf(server).signUp(email, password)).status).toBe(200);
  });
  afterAll(() => server.stop());

  it('slow down together once the account has had ten, yet an address that never failed is not held back', async () => {
    // Three addresses, three guesses each: none reaches its own five, and the account has had nine.
    const attackers = [clientOf(server), clientOf(server), clientOf(server)];
    for (const attacker of attackers)
      for (let guess = 0; guess < 3; guess++) expect((await attacker.signIn(email, `guess-${guess}`)).status).toBe(401);
    // A fourth address makes it ten: from now on every address that has failed waits, by the account's count.
    attackers.push(clientOf(server));
    expect((await attackers[3]!.signIn(email, 'the-tenth-guess')).status).toBe(401);
    for (const attacker of attackers)
      expect(await attacker.signIn(email, password)).toMatchObject({ status: 429, body: { message: waitMessage(1) } });
    // A new address gets one guess, then waits with the others (now 2 minutes).
    const another = clientOf(server);
    expect((await another.signIn(email, 'fresh-guess')).status).toBe(401);
    expect(await another.signIn(email, 'fresh-guess-2')).toMatchObject({
      status: 429,
      body: { message: waitMessage(2) },
    });
    // The owner, from their own address, signs in.
    const owner = clientOf(server);
    expect((await owner.signIn(email, password)).status).toBe(200);

    // Once the wait is over, one guess gets through from all of them together; the next address waits again.
    clock.forward(2 * MINUTE);
    expect((await attackers[0]!.signIn(email, 'after-the-wait')).status).toBe(401);
    expect(await attackers[1]!.signIn(email, 'after-the-wait')).toMatchObject({
      status: 429,
      body: { message: waitMessage(4) },
    });
    expect((await owner.signIn(email, password)).status).toBe(200);

    // A password reset through the emailed link ends every wait.
    expect((await owner.post('/api/auth/request-password-reset', { email })).status).toBe(200);
    const reset = actionLinkOf(await waitForEmail(server.config.mail.outboxDir, email, RESET));
    expect(
      (await owner.post('/api/auth/reset-password', { newPassword: 'many-password-2', token: reset.oobCode })).status,
    ).toBe(200);
    for (const attacker of [...attackers, another])
      expect((await attacker.signIn(email, 'guess-again')).status).toBe(401);
    expect((await owner.signIn(email, 'many-password-2')).status).toBe(200);
  });
});

describe('password resets a stranger asks for', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: movableClock().now });
  });
  afterAll(() => server.stop());

  it("one stranger's address asking again and again gets three to the inbox, and the owner's own request still goes", async () => {
    const email = 'olive@example.com';
    expect((await clientOf(server).signUp(email, 'olive-password-1')).status).toBe(200);
    const stranger = clientOf(server);
    const answers = [];
    for (let request = 0; request < 11; request++)
      answers.push((await stranger.post('/api/auth/request-password-reset', { email })).status);
    // Ten requests in ten minutes from one address are answered as usual; the eleventh waits.
    expect(answers).toEqual([...Array<number>(10).fill(200), 429]);
    expect(await delivered(server, [email], RESET)).toHaveLength(3);

    const owner = clientOf(server);
    expect((await owner.post('/api/auth/request-password-reset', { email })).status).toBe(200);
    const resets = await delivered(server, [email], RESET);
    expect(resets).toHaveLength(4);
    const token = actionLinkOf(resets[3]!).oobCode;
    expect((await owner.post('/api/auth/reset-password', { newPassword: 'olive-password-2', token })).status).toBe(200);
    expect((await owner.signIn(email, 'olive-password-2')).status).toBe(200);
  });

  it('strangers with four addresses reach the inbox ten times in the hour, and the newest link is the owner’s to use', async () => {
    const email = 'pat@example.com';
    expect((await clientOf(server).signUp(email, 'pat-password-1')).status).toBe(200);
    for (let address = 0; address < 4; address++) {
      const stranger = clientOf(server);
      for (let request = 0; request < 3; request++)
        expect((await stranger.post('/api/auth/request-password-reset', { email })).status).toBe(200);
    }
    expect(await delivered(server, [email], RESET)).toHaveLength(10);
    // The owner's own request is answered as usual but sends nothing more this hour...
    const owner = clientOf(server);
    expect((await owner.post('/api/auth/request-password-reset', { email })).status).toBe(200);
    const resets = await delivered(server, [email], RESET);
    expect(resets).toHaveLength(10);
    // ... and the newest of the ten in the inbox works (a link lasts the hour the allowance counts).
    const token = actionLinkOf(resets[9]!).oobCode;
    expect((await owner.post('/api/auth/reset-password', { newPassword: 'pat-password-2', token })).status).toBe(200);
    expect((await owner.signIn(email, 'pat-password-2')).status).toBe(200);
  });
});

describe('one inbox, however it is spelled', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: movableClock().now });
  });
  afterAll(() => server.stop());

  // Twenty addresses Gmail delivers to one inbox (it ignores dots and +tags; googlemail.com is gmail.com).
  const SPELLINGS = [
    'victimname@gmail.com',
    'victim.name@gmail.com',
    'v.ictimname@gmail.com',
    'vi.ctimname@gmail.com',
    'vic.timname@gmail.com',
    'vict.imname@gmail.com',
    'victimn.ame@gmail.com',
    'victimna.me@gmail.com',
    'victimnam.e@gmail.com',
    'v.i.c.t.i.m.n.a.m.e@gmail.com',
    'v.ictim.name@gmail.com',
    'victimname+1@gmail.com',
    'victimname+sushi@gmail.com',
    'victim.name+friday@gmail.com',
    'victimname+4@gmail.com',
    'victimname+5@gmail.com',
    'victimname@googlemail.com',
    'victim.name@googlemail.com',
    'victimname+2@googlemail.com',
    'vi.ctim.name+3@googlemail.com',
  ];

  it('twenty spellings get the inbox five confirmations and ten password resets in the hour, no more', async () => {
    for (const spelling of SPELLINGS)
      expect((await clientOf(server).signUp(spelling, 'spelled-password-1')).status).toBe(200);
    expect(await delivered(server, SPELLINGS, CONFIRM)).toHaveLength(5);
    for (const spelling of SPELLINGS)
      expect((await clientOf(server).post('/api/auth/request-password-reset', { email: spelling })).status).toBe(200);
    expect(await delivered(server, SPELLINGS, RESET)).toHaveLength(10);
  });
});

describe('a restaurant Wi-Fi: many guests behind one address', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind the app's own proxy, which tells the client address in X-Forwarded-For.
    server = await startTestServer({ env: { TRUST_PROXY: 'true' }, now: movableClock().now });
  });
  afterAll(() => server.stop());

  const onTheWifi = () => new TestClient(server.url, { 'x-forwarded-for': '198.51.100.23' });

  it('40 guests sign up within five minutes, sign in again, and ten ask for a password reset: every one is served', async () => {
    const guests = Array.from({ length: 40 }, (_, index) => `table-guest-${index}@example.com`);
    for (const email of guests) expect((await onTheWifi().signUp(email, 'wifi-password-1')).status).toBe(200);
    for (const email of guests) expect((await onTheWifi().signIn(email, 'wifi-password-1')).status).toBe(200);
    for (const email of guests.slice(0, 10))
      expect((await onTheWifi().post('/api/auth/request-password-reset', { email })).status).toBe(200);
    expect(await delivered(server, guests, RESET)).toHaveLength(10);
  });
});
