import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../support/http-client';
import { bookingBody, FIXED_NOW } from '../support/reservation-factory';
import { startTestServer, type TestServer } from '../support/test-server';

// Names as the API takes them, over real HTTP: one rule for the guest's name on a booking and the account's name
// on sign-up and on a profile update. A name that breaks the line (and so the emails, the printed list and the
// CSV it goes into) or shows nothing is refused, with the form's own words, and nothing is written.

const NOT_ONE_LINE = 'Name must be one line of text';
const EMPTY = 'Please enter your name';

const broken: [kind: string, name: string, message: string][] = [
  ['a line break and a header after it', 'Ann\r\nBcc: everyone@example.com', NOT_ONE_LINE],
  ['a line feed', 'Ann\nGuest', NOT_ONE_LINE],
  ['an escape sequence', 'Ann\u001b[2J', NOT_ONE_LINE],
  ['a line separator', 'Ann\u2028Guest', NOT_ONE_LINE],
  ['a paragraph separator', 'Ann\u2029Guest', NOT_ONE_LINE],
  ['only zero-width spaces', '\u200B\u200B\u200B', EMPTY],
  ['only invisible characters', '\u200D\u2060\uFEFF\u00AD', EMPTY],
];

describe('names', () => {
  let server: TestServer;
  let guest: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ now: () => FIXED_NOW });
    guest = new TestClient(server.url);
    expect((await guest.signUp('ann@example.com', 'ann-password-1')).status).toBe(200);
  });
  afterAll(async () => {
    await server?.stop();
  });

  let strangers = 0;
  it.each(broken)('sign-up refuses a name with %s, and creates no account', async (_kind, name, message) => {
    // Each from an address of its own: sign-ups are limited per address.
    const stranger = new TestClient(server.url, {}, `127.0.0.${20 + ++strangers}`);
    const answer = await stranger.post('/api/auth/sign-up/email', {
      email: 'named@example.com',
      password: 'named-password-1',
      name,
    });
    expect(answer).toMatchObject({ status: 400, body: { message } });
    const accounts = await server.database.db.selectFrom('user').select('email').execute();
    expect(accounts.map((account) => account.email)).toEqual(['ann@example.com']);
  });

  it.each(broken)('a profile update refuses a name with %s, and keeps the name', async (_kind, name, message) => {
    const answer = await guest.post('/api/auth/update-user', { name });
    expect(answer).toMatchObject({ status: 400, body: { message } });
    expect((await guest.session())?.name).toBe('ann');
  });

  it.each([...broken, ['one letter and a zero-width space', 'A\u200B', 'Name must be at least 2 characters long']])(
    'a booking refuses a name with %s, and books nothing',
    async (_kind, name, message) => {
      const answer = await guest.api.reservations.$post({ json: bookingBody({ name }) });
      expect(answer).toMatchObject({ status: 400, body: { error: { message } } });
      expect((await guest.api.reservations.mine.$get()).body.reservations).toEqual([]);
    },
  );

  it('takes a name in any script, with an emoji made of joined characters', async () => {
    const name = 'Zoë 寿司 👩‍🍳';
    expect((await guest.post('/api/auth/update-user', { name })).status).toBe(200);
    expect((await guest.session())?.name).toBe(name);
    const booked = await guest.api.reservations.$post({ json: bookingBody({ name }) });
    expect(booked.status).toBe(201);
    expect(booked.body.reservation.name).toBe(name);
  });
});
