import {
  test as base,
  type APIResponse,
  type BrowserContext,
  type Page,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from '@playwright/test';
import type { BookingBody } from '../../support/reservation-factory';
import { ADMIN, BASE_URL, uniqueEmail } from './e2e-env';

/** A booking as the API takes it; what is not given is Ann's party of two at a table (see Account.book). */
export type Booking = Partial<BookingBody> & Pick<BookingBody, 'reservationDate' | 'startTime'>;

/** An account signed in on a page. */
export interface Account {
  /**
   * The address it signs in with. A test that changes it for good sets the new one here, and one that changes
   * the password sets `password`, so that the account can still be removed after the test.
   */
  email: string;
  password: string;
  /** The page signed in as this account. */
  page: Page;
  /**
   * Books through the API as the booking form does, as this account. Fields not given: Ann Guest, 555-010-0199,
   * a party of two at a table, reminders to this account's email.
   */
  book(booking: Booking): Promise<APIResponse>;
}

export interface Accounts {
  /**
   * A fresh guest account (a unique email), made through the API as the sign-up form does, signed in on `page`,
   * or without one on a new page in a browser of its own (its own cookies and client address). Removed after
   * the test. `emailPrefix` begins the address (default "guest").
   */
  guest(options?: { page?: Page; emailPrefix?: string }): Promise<Account>;
  /** The admin (ADMIN, whose account the e2e server creates) signed in on `page`, or in a browser of its own. */
  admin(options?: { page?: Page }): Promise<Account>;
}

interface Fixtures {
  /** A fresh guest account, the test's page signed in as it; removed after the test. */
  guest: Account;
  /** The admin, the test's page signed in as them. */
  admin: Account;
  /** More accounts, in browsers of their own or signed in later in the test; see Accounts. */
  accounts: Accounts;
}

/** The browsers a test may open besides its own page; one more address is kept for the clean-up. */
const MAX_BROWSERS = 30;
const CLEAN_UP_CLIENT = MAX_BROWSERS + 1;

/**
 * Every test is its own client, as if behind the restaurant's proxy: the e2e server trusts X-Forwarded-For
 * (TRUST_PROXY=true), and each test sends a different address, so the per-client sign-in and sign-up rate
 * limits apply per test as they would per guest. A test's own page is browser 0; each further browser it opens
 * is a client of its own too, on the test's address with another last number.
 */
function clientAddress(testInfo: TestInfo, browser: number) {
  const n =
    testInfo.workerIndex * 1000 +
    testInfo.testId.split('').reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 65000, 7);
  return `10.${(n >> 8) & 255}.${n & 255}.${browser * 8 + testInfo.retry + 1}`;
}

/** Posts to the auth API from the page's context, as the app's forms do; a refusal is an error. */
async function post(page: Page, path: string, data: Record<string, unknown>) {
  const response = await page.request.post(path, { data, headers: { origin: BASE_URL } });
  if (!response.ok()) throw new Error(`${path} failed: ${response.status()} ${await response.text()}`);
}

function account(page: Page, email: string, password: string): Account {
  const signedIn: Account = {
    email,
    password,
    page,
    book: (booking) =>
      page.request.post('/api/reservations', {
        headers: { origin: BASE_URL },
        data: {
          name: 'Ann Guest',
          phoneNumber: '5550100199',
          partySize: 2,
          seatType: 'table',
          reminderEmail: signedIn.email,
          ...booking,
        },
      }),
  };
  return signedIn;
}

/** A field of a JSON answer's body, if it is JSON. */
function fieldOf(body: string, field: string): unknown {
  try {
    return (JSON.parse(body) as Record<string, unknown>)[field];
  } catch {
    return undefined;
  }
}

/**
 * Removes a guest's account through the app's own Delete account (Better Auth's /api/auth/delete-user, which
 * asks for the password: src/server/accounts/auth-hooks.ts), signed in afresh from a client of its own: the
 * test may have signed out, lost its session to a password reset, closed the browser, or used up its address's
 * sign-in allowance, and none of that should keep the account from going.
 *
 * What it tolerates, and why no more: a test may delete the account itself (account-deletion.spec.ts) or change
 * its password or email (accounts.spec.ts). From outside, all of those answer the same way: the email and
 * password held here no longer sign in. That is the test's doing, not a fault, so it must not fail a passing
 * test; the test is annotated instead (the HTML and JSON reports show it), so a leftover account is on record
 * rather than unseen. (A test that tells the account its new password, as accounts.spec.ts does, has it removed
 * after all.) Every other answer fails the test in its teardown. Above all, once the password has just signed
 * in, Delete account has no reason left to refuse: a refusal there is a broken endpoint (or a broken hook: the
 * admin guard, the cancelling of the guest's reservations), and swallowing it would hide exactly what this
 * clean-up exercises after every test.
 */
async function removeGuest(playwright: PlaywrightWorkerArgs['playwright'], guest: Account, testInfo: TestInfo) {
  const request = await playwright.request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress(testInfo, CLEAN_UP_CLIENT), origin: BASE_URL },
  });
  try {
    const signIn = await request.post('/api/auth/sign-in/email', {
      data: { email: guest.email, password: guest.password },
    });
    if (!signIn.ok()) {
      const text = await signIn.text();
      const code = fieldOf(text, 'code');
      // Wrong email or password, or the account's back-off after the test's own wrong passwords.
      if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'SIGN_IN_BACKOFF') {
        testInfo.annotations.push({
          type: 'guest not removed by the fixture',
          description: `${guest.email} no longer signs in with its password (${code}): the test deleted the account or changed its email or password.`,
        });
        return;
      }
      throw new Error(`removing the guest ${guest.email}: sign-in failed: ${signIn.status()} ${text}`);
    }
    const removal = await request.post('/api/auth/delete-user', { data: { password: guest.password } });
    const text = await removal.text();
    if (!removal.ok() || fieldOf(text, 'message') !== 'User deleted') {
      throw new Error(
        `Delete account did not remove ${guest.email}, whose password had just signed in: ${removal.status()} ${text}`,
      );
    }
  } finally {
    await request.dispose();
  }
}

export const test = base.extend<Fixtures>({
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ 'x-forwarded-for': clientAddress(testInfo, 0) });
  },

  accounts: async ({ browser, playwright }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    const guests: Account[] = [];
    const signedIn = new WeakMap<Page, string>();
    let browsers = 0;

    /** The page to sign in on: the one given, or a new one in a browser of its own. */
    const pageFor = async (page: Page | undefined, who: string) => {
      if (!page) {
        // Counted before any await: browsers opened at once (Promise.all) still get addresses of their own.
        const number = ++browsers;
        if (number > MAX_BROWSERS) throw new Error(`a test opens at most ${MAX_BROWSERS} browsers`);
        const context = await browser.newContext({
          baseURL: BASE_URL,
          extraHTTPHeaders: { 'x-forwarded-for': clientAddress(testInfo, number) },
        });
        contexts.push(context);
        page = await context.newPage();
      }
      // One page, one account: a second would silently replace the first's session.
      const already = signedIn.get(page);
      if (already) throw new Error(`this page is already signed in as ${already}; sign ${who} in elsewhere`);
      signedIn.set(page, who);
      return page;
    };

    await use({
      guest: async ({ page, emailPrefix = 'guest' } = {}) => {
        const email = uniqueEmail(emailPrefix);
        const password = `${emailPrefix}-password-1`;
        const on = await pageFor(page, email);
        await post(on, '/api/auth/sign-up/email', { email, password, name: email.split('@')[0] });
        const guest = account(on, email, password);
        guests.push(guest);
        return guest;
      },
      admin: async ({ page } = {}) => {
        const on = await pageFor(page, 'the admin');
        await post(on, '/api/auth/sign-in/email', { email: ADMIN.email, password: ADMIN.password });
        return account(on, ADMIN.email, ADMIN.password);
      },
    });

    const removals = await Promise.allSettled(guests.map((guest) => removeGuest(playwright, guest, testInfo)));
    await Promise.all(contexts.map((context) => context.close()));
    const failures = removals.flatMap((removal): unknown[] => (removal.status === 'rejected' ? [removal.reason] : []));
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, 'guest accounts were not removed');
  },

  guest: async ({ accounts, page }, use) => {
    await use(await accounts.guest({ page }));
  },

  admin: async ({ accounts, page }, use) => {
    await use(await accounts.admin({ page }));
  },
});

export { expect } from '@playwright/test';
