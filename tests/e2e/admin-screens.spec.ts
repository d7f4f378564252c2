import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { formatLongDate } from '../../src/booking/calendar';
import { expect, test, type Accounts, type Booking } from './support/fixtures';
import { openDate } from './support/e2e-env';

// The admin's screens where the owner used to trip: edits that fail, open panels, search, booking for a caller,
// the printed list. On both screen sizes: the owner runs the book from a phone too.

/** Each project on its own dates: both run against the same database. */
const dateFor = (testInfo: TestInfo, desktopDaysAhead: number) =>
  openDate(testInfo.project.name === 'phone' ? desktopDaysAhead + 2 : desktopDaysAhead);

/** A guest (a fresh account, in a browser of its own) books through the API; returns the account's email. */
async function guestBooks(accounts: Accounts, booking: Booking & { name: string }) {
  const guest = await accounts.guest();
  const response = await guest.book(booking);
  expect(response.status(), await response.text()).toBe(201);
  return guest.email;
}

/** The admin's page opens the dashboard's live day view on the date. */
async function openDay(page: Page, date: string) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByLabel('Date', { exact: true }).fill(date);
  await expect(page.getByText('Live: changes appear as they happen')).toBeVisible();
}

test('a failed edit says so beside the form, and the time no longer free is cleared', async ({
  page,
  admin,
  accounts,
}, testInfo) => {
  const date = dateFor(testInfo, 44);
  const name = `Clash ${testInfo.project.name}`;
  await guestBooks(accounts, { name, reservationDate: date, startTime: 1700, partySize: 2 });
  await openDay(page, date);
  const card = page.getByRole('article', { name: new RegExp(name) });
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByRole('button', { name: '8:30 PM' }).click();

  // Meanwhile every table and counter seat at 8:30 PM is taken (through the API, as another admin tab would).
  for (const table of ['1', '2', '3', '4', '5', '6', '7', '8']) {
    const held = await admin.book({ name: `Held ${table}`, reservationDate: date, startTime: 2030, tableIds: [table] });
    expect(held.status()).toBe(201);
  }

  await card.getByRole('button', { name: 'Save Changes' }).click();
  // The message is in the card being edited, and has the focus (so it is in view and read out).
  const message = card.getByRole('alert');
  await expect(message).toHaveText('That time slot has been booked. Please refresh the page.');
  await expect(page.locator(':focus')).toContainText('That time slot has been booked.');
  await expect(message).toBeInViewport();
  await expect(page.getByRole('alert')).toHaveCount(1);
  // The taken time is no longer chosen; the reloaded times no longer offer it.
  await expect(card.getByRole('button', { name: '8:30 PM' })).toHaveCount(0);
  await expect(card.locator('button[aria-pressed="true"]', { hasText: /PM$/ })).toHaveCount(0);
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card.getByText('No time selected for the reservation')).toBeVisible();

  // Another time saves, and the success shows where the result is.
  await card.getByRole('button', { name: '6:00 PM' }).click();
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Reservation updated successfully!')).toBeVisible();
  await expect(card).toContainText('6:00 PM - 7:30 PM');
  await expect(card.getByRole('alert')).toHaveCount(0);
});

test("an open Edit or Change Seats panel hides the card's own actions", async ({
  admin: { page },
  accounts,
}, testInfo) => {
  const date = openDate(48);
  const name = `Panels ${testInfo.project.name}`;
  await guestBooks(accounts, { name, reservationDate: date, startTime: 1800, partySize: 2 });
  await openDay(page, date);
  const card = page.getByRole('article', { name: new RegExp(name) });

  await card.getByRole('button', { name: 'Edit' }).click();
  // One Cancel only (the form's, which closes it), and no way to open the other panel over this one.
  await expect(card.getByRole('button', { name: 'Cancel' })).toHaveCount(1);
  await expect(card.getByRole('button', { name: 'Change Seats' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(card.getByRole('heading', { name: 'Edit reservation' })).toBeFocused();
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByRole('button', { name: 'Edit' })).toBeFocused();
  await expect(card.getByRole('button', { name: 'Cancel' })).toHaveCount(1);
  await expect(card.getByRole('button', { name: 'Change Seats' })).toBeVisible();

  await card.getByRole('button', { name: 'Change Seats' }).click();
  const panel = card.getByRole('region', { name: 'Change Seats' });
  await expect(panel).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel' })).toHaveCount(1);
  await expect(card.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(panel.getByRole('heading', { name: 'Change Seats' })).toBeFocused();
  const results = await new AxeBuilder({ page }).include('main').analyze();
  expect(results.violations).toEqual([]);
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Change Seats' })).toBeFocused();
});

test('search finds a reservation by the account email shown on its card; a load failure shows no count', async ({
  admin: { page },
  accounts,
}, testInfo) => {
  const name = `Caller ${testInfo.project.name} ${Date.now().toString(36)}`;
  // Booked by the guest's account, with reminders going to another address.
  const account = await guestBooks(accounts, {
    name,
    reservationDate: openDate(56),
    startTime: 1900,
    reminderEmail: `elsewhere.${Date.now().toString(36)}@example.net`,
  });
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Search by Name/Email' }).click();
  const box = page.getByPlaceholder('Enter customer name or email address...');
  await box.fill(account);
  await box.press('Enter');
  const card = page.getByRole('article', { name: new RegExp(name) });
  await expect(card).toContainText(account);
  await expect(page.getByText(`Searching for: ${account} · Found 1 result(s)`)).toBeVisible();

  // The list cannot be loaded: the error says so, with no "Found 0" beside it.
  await page.route('**/api/reservations/all', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.reload();
  await page.getByRole('button', { name: 'Search by Name/Email' }).click();
  await page.getByPlaceholder('Enter customer name or email address...').fill(account);
  await expect(page.getByText('Failed to load reservations. Please try again.')).toBeVisible();
  await expect(page.getByText(/Found \d+ result/)).toHaveCount(0);
  await expect(page.getByText('No reservations found matching your search.')).toHaveCount(0);
});

test('the admin books for a phone caller starting from an empty Reminder Email', async ({ admin: { page } }) => {
  await page.goto('/');
  await expect(page.getByText('Admin mode: You can book non-reservable tables and counter seats.')).toBeVisible();
  await expect(page.getByLabel('Reminder Email')).toHaveValue('');
});

test('the print report shows special requests and fits a phone and a printed page', async ({
  admin: { page },
  accounts,
}, testInfo) => {
  const date = dateFor(testInfo, 52);
  const requests = 'Shellfish allergy: no shrimp, crab or scallop; one guest uses a wheelchair';
  await guestBooks(accounts, {
    name: 'Kenji Watanabe-Fitzgerald',
    reservationDate: date,
    startTime: 1730,
    partySize: 4,
    specialRequests: requests,
    reminderEmail: 'kenji.watanabe-fitzgerald.long.address@example-restaurant-guests.com',
  });
  await guestBooks(accounts, { name: 'No Requests', reservationDate: date, startTime: 1700, seatType: 'counter' });
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/admin/print?date=${date}`);
  const report = page.getByRole('table');
  await expect(report.getByRole('columnheader', { name: 'Requests' })).toBeAttached();
  await expect(report.getByRole('cell', { name: requests })).toBeVisible();
  await expect(report.getByRole('cell', { name: 'Kenji Watanabe-Fitzgerald' })).toBeVisible();
  expect(await overflow(), '360 px').toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);

  // Printed: the width inside a Letter and an A4 page's 12 mm margins (the report's @page), at 96 px per inch.
  await page.emulateMedia({ media: 'print' });
  for (const [paper, width] of [
    ['Letter', 725], // 8.5 in less 2 x 12 mm
    ['A4', 703], // 210 mm less 2 x 12 mm
  ] as const) {
    await page.setViewportSize({ width, height: 1000 });
    await expect(report.getByRole('cell', { name: requests })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    expect(await overflow(), paper).toBeLessThanOrEqual(0);
    const table = await report.boundingBox();
    expect(table!.x + table!.width, paper).toBeLessThanOrEqual(width);
  }
  // The search report has its Date column, and still fits the paper.
  await page.goto(`/admin/print?q=${encodeURIComponent('Kenji Watanabe')}`);
  await expect(page.getByRole('columnheader', { name: 'Date' })).toBeAttached();
  await expect(page.getByRole('cell', { name: formatLongDate(date) }).first()).toBeVisible();
  expect(await overflow(), 'search report').toBeLessThanOrEqual(0);
});

test("the admin's edit, Change Seats and cancel whose answers are lost are sent again and done once", async ({
  page,
  admin: _admin,
  accounts,
}, testInfo) => {
  const date = dateFor(testInfo, 50);
  const name = `Lost ${testInfo.project.name}`;
  await guestBooks(accounts, { name, reservationDate: date, startTime: 1700, partySize: 2 });
  await openDay(page, date);
  const card = page.getByRole('article', { name: new RegExp(name) });

  // Each write's first try reaches the server and is done, but its answer is cut off.
  const lost: string[] = [];
  let dropNext = true;
  await page.route('**/api/reservations/*', async (route) => {
    const method = route.request().method();
    if ((method !== 'PATCH' && method !== 'DELETE') || !dropNext) return route.fallback();
    dropNext = false;
    lost.push(method);
    expect((await route.fetch()).ok()).toBe(true);
    await route.abort('connectionreset');
  });

  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByRole('button', { name: '6:00 PM' }).click();
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Reservation updated successfully!')).toBeVisible();
  await expect(card).toContainText('6:00 PM - 7:30 PM');

  dropNext = true;
  await card.getByRole('button', { name: 'Change Seats' }).click();
  const panel = card.getByRole('region', { name: 'Change Seats' });
  await panel.getByRole('button', { name: /^7\b/ }).click();
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Seats updated successfully!')).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: /^7$/ })).toHaveCount(1);

  dropNext = true;
  await card.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Cancel Reservation' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Reservation cancelled successfully.')).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(lost).toEqual(['PATCH', 'PATCH', 'DELETE']);
});
