import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { ADMIN, openDate, uniqueEmail } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { useOwnApp } from './support/own-app';

// A night booked by one network (docs/decisions/0014): the owner trusts a network, sees the night grouped by
// network, cancels a group in one action, and, trust taken back, a second new account on that network is told
// why it cannot book the same night. On a server of this file's own, behind a "proxy" (TRUST_PROXY): each browser
// says which network it is on with X-Forwarded-For, and trusting a network changes no other spec's book.

const own = useOwnApp({ TRUST_PROXY: 'true' });

/** A page in a browser of its own on `network`, signed in as the admin or as a new guest. */
async function pageOn(browser: Browser, network: string, isMobile: boolean, who: 'admin' | 'guest'): Promise<Page> {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': network },
    ...(isMobile ? { viewport: { width: 390, height: 844 }, isMobile: true } : {}),
  });
  const page = await context.newPage();
  const email = uniqueEmail('network-guest');
  const response =
    who === 'admin'
      ? await page.request.post(`${own.app.url}/api/auth/sign-in/email`, {
          data: ADMIN,
          headers: { origin: own.app.url },
        })
      : await page.request.post(`${own.app.url}/api/auth/sign-up/email`, {
          data: { email, password: 'network-guest-1', name: 'Net Guest' },
          headers: { origin: own.app.url },
        });
  expect(response.ok()).toBe(true);
  return page;
}

const book = (page: Page, date: string, startTime: number, name: string) =>
  page.request.post(`${own.app.url}/api/reservations`, {
    headers: { origin: own.app.url },
    data: {
      name,
      phoneNumber: '5550100199',
      reservationDate: date,
      partySize: 2,
      seatType: 'table',
      startTime,
      reminderEmail: 'guest@example.com',
    },
  });

test('the owner trusts a network, cancels its group of bookings, and a second new account there is told why', async ({
  browser,
  isMobile,
}) => {
  const date = openDate(isMobile ? 14 : 12);
  const network = isMobile ? '198.51.100.77' : '198.51.100.7';
  const owner = await pageOn(browser, '192.0.2.1', isMobile, 'admin');

  // Trusted (the restaurant's Wi-Fi): three new accounts there each book the night.
  await owner.goto(`${own.app.url}/admin/settings`);
  const trust = owner.getByRole('form', { name: 'Trust a network' });
  await trust.getByLabel('Network').fill(network);
  await trust.getByLabel('Whose it is (optional)').fill('Our Wi-Fi');
  await trust.getByRole('button', { name: 'Trust this network' }).click();
  await expect(trust.getByText('Trusted. Its bookings skip the limits per network from now on.')).toBeVisible();
  await expect(owner.getByRole('list', { name: 'Trusted now' })).toContainText(`${network} · Our Wi-Fi`);
  await expect(owner.getByRole('region', { name: 'History' })).toContainText(`Trusted network ${network}`);
  for (const [i, startTime] of [1700, 1830, 2000].entries()) {
    const diner = await pageOn(browser, network, isMobile, 'guest');
    expect((await book(diner, date, startTime, `Wifi Diner ${i + 1}`)).status()).toBe(201);
    await diner.context().close();
  }

  // The night by network, from the dashboard: the group, its accounts' age, and its cancel.
  await owner.goto(`${own.app.url}/admin?date=${date}`);
  await owner.getByRole('link', { name: 'Bookings by network' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Bookings by network' })).toBeVisible();
  const group = owner.getByRole('region', { name: `Network ${network} Trusted` });
  await expect(group).toContainText('3 reservations');
  await expect(group.getByRole('listitem')).toHaveCount(3);
  await expect(group.getByRole('listitem').first()).toContainText('Account made 0 minutes before booking');
  expect((await new AxeBuilder({ page: owner }).analyze()).violations).toEqual([]);
  const overflow = await owner.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await group.getByRole('button', { name: `Cancel these 3 reservations from ${network}` }).click();
  const dialog = owner.getByRole('dialog', { name: 'Cancel 3 reservations?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, cancel them' }).click();
  await expect(dialog).toBeHidden();
  await expect(owner.getByText('No guest bookings with a network on this date.')).toBeVisible();
  await owner.goto(`${own.app.url}/admin?date=${date}`);
  await expect(owner.getByText('No reservations found for this date.')).toBeVisible();

  // Trust taken back: the network's new accounts share one reservation a date again.
  await owner.goto(`${own.app.url}/admin/settings`);
  await owner.getByRole('button', { name: `Stop trusting ${network}` }).click();
  await expect(owner.getByRole('list', { name: 'Trusted now' })).toHaveCount(0);
  const first = await pageOn(browser, network, isMobile, 'guest');
  expect((await book(first, date, 1700, 'First Of Many')).status()).toBe(201);

  const second = await pageOn(browser, network, isMobile, 'guest');
  await second.goto(`${own.app.url}/`);
  await second.getByLabel('Number of Guests').selectOption('2');
  await second.getByLabel('Date').fill(date);
  await second.getByRole('button', { name: '8:00 PM' }).click();
  await second.getByLabel('Name').fill('Second Of Many');
  await second.getByLabel('Phone Number').fill('5550100123');
  await second.getByLabel('Reminder Email').fill('second@example.com');
  await second.getByRole('button', { name: 'Reserve' }).click();
  await expect(second.getByRole('alert')).toContainText(
    'A new account on your network has already booked this date, and new accounts on one network share one reservation per date.',
  );
  await Promise.all([owner, first, second].map((page) => page.context().close()));
});
