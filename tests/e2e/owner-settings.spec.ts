import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { weekdayOf } from '../../src/booking/calendar';
import { WEEKDAY_NAMES } from '../../src/booking/weekdays';
import { ADMIN, openDate, uniqueEmail } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { useOwnApp } from './support/own-app';

// The owner's settings, on a server of this file's own: adding tables, closing dates and moving
// seatings would change what every other spec books against. Fresh for each project (desktop, then phone).

const own = useOwnApp();

const signIn = async (page: Page, email: string, password: string) => {
  const response = await page.request.post(`${own.app.url}/api/auth/sign-in/email`, {
    data: { email, password },
    headers: { origin: own.app.url },
  });
  expect(response.ok()).toBe(true);
};

/** A new guest, signed in, in a browser context of its own. */
async function guestPage(browser: Browser, isMobile: boolean): Promise<Page> {
  const context = await browser.newContext(isMobile ? { viewport: { width: 412, height: 915 }, isMobile: true } : {});
  const page = await context.newPage();
  const email = uniqueEmail('settings-guest');
  const response = await page.request.post(`${own.app.url}/api/auth/sign-up/email`, {
    data: { email, password: 'settings-guest-1', name: 'Sam Guest' },
    headers: { origin: own.app.url },
  });
  expect(response.ok()).toBe(true);
  return page;
}

/** Fills the booking form up to the times, as a guest does. */
async function chooseDate(page: Page, date: string, partySize: string) {
  await page.goto(`${own.app.url}/`);
  await page.getByLabel('Number of Guests').selectOption(partySize);
  await page.getByLabel('Date').fill(date);
}

const openSettings = async (page: Page) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`${own.app.url}/admin`);
  await page.getByRole('link', { name: 'Restaurant settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Restaurant settings' })).toBeVisible();
};

test('the admin adds a table and a guest books it at once, with no restart', async ({ page, browser, isMobile }) => {
  const date = openDate(9);
  // Table 6, the one table that seats 5 alone, is taken at 7 PM.
  await signIn(page, ADMIN.email, ADMIN.password);
  const taken = await page.request.post(`${own.app.url}/api/reservations`, {
    headers: { origin: own.app.url },
    data: {
      name: 'Early Party',
      phoneNumber: '5550100199',
      reservationDate: date,
      partySize: 6,
      seatType: 'table',
      startTime: 1900,
      reminderEmail: ADMIN.email,
      tableIds: ['6'],
    },
  });
  expect(taken.status()).toBe(201);

  await openSettings(page);
  const add = page.getByRole('form', { name: 'Add a table or counter seat' });
  await add.getByLabel('Kind').selectOption('floor');
  await add.getByLabel('Seats').fill('6');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add.getByText('Added table 9: guests can book it now.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Table 9' })).toBeVisible();

  const guest = await guestPage(browser, isMobile);
  await chooseDate(guest, date, '5');
  await guest.getByRole('button', { name: '7:00 PM' }).click();
  await guest.getByLabel('Name').fill('New Table Party');
  await guest.getByLabel('Phone Number').fill('5550100123');
  await guest.getByLabel('Reminder Email').fill('party@example.com');
  await guest.getByRole('button', { name: 'Reserve' }).click();
  await expect(guest.getByRole('region', { name: 'Your reservation is confirmed' })).toBeVisible();

  // The guest's party of 5 sits at the new table: the first single table in floor order that seats it.
  await page.goto(`${own.app.url}/admin?date=${date}`);
  const card = page.getByRole('article', { name: /New Table Party/ });
  await expect(card.getByRole('definition').filter({ hasText: /^9$/ })).toHaveCount(1);
  await guest.context().close();
});

test('the admin closes a date with a note, and a guest sees the reason', async ({ page, browser, isMobile }) => {
  const date = openDate(16);
  await openSettings(page);
  const close = page.getByRole('form', { name: 'Close a date or a range' });
  await close.getByLabel('First date').fill(date);
  await close.getByLabel('Note for guests (optional)').fill('Closed for a private event');
  await close.getByRole('button', { name: 'Close these dates' }).click();
  await expect(close.getByText('Closed. Guests see it at once.')).toBeVisible();
  const listed = page.getByRole('list', { name: 'Coming up' }).getByRole('listitem');
  await expect(listed.filter({ hasText: 'Closed for a private event' })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'History' })).toContainText(`(“Closed for a private event”)`);

  const guest = await guestPage(browser, isMobile);
  await chooseDate(guest, date, '2');
  const times = guest.getByRole('group', { name: 'Available Times' });
  await expect(times).toContainText('Closed for a private event. Please choose another date.');
  await expect(times.getByRole('button')).toHaveCount(0);
  await guest.context().close();
});

test('the admin moves the last seating and the form offers the new times', async ({ page, browser, isMobile }) => {
  const date = openDate(23);
  const weekday = WEEKDAY_NAMES[weekdayOf(date)];
  const guest = await guestPage(browser, isMobile);
  await chooseDate(guest, date, '2');
  await expect(guest.getByRole('button', { name: '8:30 PM' })).toBeVisible();
  await expect(guest.getByRole('button', { name: '9:30 PM' })).toHaveCount(0);

  await openSettings(page);
  const day = page.getByRole('group', { name: weekday });
  await day.getByLabel('Last seating').fill('21:30');
  await page.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByRole('form', { name: 'Hours' }).getByText('Saved.')).toBeVisible();
  await expect(page.getByText(`Hours: ${weekday} 5:00 PM–9:30 PM every 30 min`)).toBeVisible();

  await chooseDate(guest, date, '2');
  await expect(guest.getByRole('button', { name: '9:30 PM' })).toBeVisible();
  await guest.context().close();
});

test('retiring a booked table is refused, and the booking is a click from Change Seats', async ({ page }) => {
  const date = openDate(30);
  await signIn(page, ADMIN.email, ADMIN.password);
  const booked = await page.request.post(`${own.app.url}/api/reservations`, {
    headers: { origin: own.app.url },
    data: {
      name: 'Booked On Three',
      phoneNumber: '5550100199',
      reservationDate: date,
      partySize: 4,
      seatType: 'table',
      startTime: 1800,
      reminderEmail: ADMIN.email,
      tableIds: ['3'],
    },
  });
  expect(booked.status()).toBe(201);

  await openSettings(page);
  const row = page.getByRole('form', { name: 'Table 3' });
  await row.getByRole('button', { name: 'Retire' }).click();
  await row.getByRole('button', { name: 'Yes, retire it' }).click();
  await expect(row.getByText(/^Table 3 holds 1 upcoming reservation\./)).toBeVisible();
  await expect(row).toContainText('Booked On Three');
  // Still in use.
  await expect(page.getByRole('form', { name: 'Table 3' })).toBeVisible();

  await row.getByRole('link', { name: /Change Seats/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?date=${date}&changeSeats=`));
  const panel = page.getByRole('region', { name: 'Change Seats' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Current tables: 3');
  // Below the date view's floor plan, the panel is brought into view, its heading focused for the keyboard.
  await expect(panel.getByRole('heading', { name: 'Change Seats' })).toBeFocused();
  await expect(panel.getByRole('heading', { name: 'Change Seats' })).toBeInViewport();
});

test('the settings page passes axe and fits a phone', async ({ page }) => {
  await openSettings(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a counter seat is one seat, and each change in Tables says what it did, replacing the last', async ({ page }) => {
  await openSettings(page);
  const add = page.getByRole('form', { name: 'Add a table or counter seat' });
  await add.getByLabel('Kind').selectOption('counter');
  await expect(add.getByLabel('Seats')).toHaveValue('1');
  await expect(add.getByLabel('Seats')).not.toBeEditable();
  await add.getByRole('button', { name: 'Add' }).click();
  const addedSeat = add.getByText(/^Added counter seat C\d+: guests can book it now\.$/);
  await expect(addedSeat).toBeVisible();
  const seatId = (await addedSeat.textContent())!.match(/C\d+/)![0];
  await expect(page.getByRole('form', { name: `Counter seat ${seatId}` }).getByLabel('Seats')).toHaveValue('1');

  await add.getByLabel('Kind').selectOption('floor');
  await expect(add.getByLabel('Seats')).toHaveValue('4');
  await add.getByRole('button', { name: 'Add' }).click();
  const addedTable = add.getByText(/^Added table \d+: guests can book it now\.$/);
  await expect(addedTable).toBeVisible();
  await expect(addedSeat).toHaveCount(0);
  const tableId = (await addedTable.textContent())!.match(/table (\d+)/)![1]!;

  const row = page.getByRole('form', { name: `Table ${tableId}` });
  await row.getByRole('button', { name: 'Retire' }).click();
  await row.getByRole('button', { name: 'Yes, retire it' }).click();
  await expect(
    page.getByText(`Retired table ${tableId}: nobody can book it now. Past reservations keep its number.`),
  ).toBeVisible();
  await expect(addedTable).toHaveCount(0);
  await expect(page.getByRole('form', { name: `Table ${tableId}` })).toHaveCount(0);
});

test('saving the details renames the open page at once, header and footer', async ({ page }) => {
  await openSettings(page);
  const details = page.getByRole('form', { name: 'Restaurant details' });
  await details.getByLabel('Restaurant name').fill('Umi by the Sea');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText('Saved.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Umi by the Sea home' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Umi by the Sea');
  // Back as it was, for the other tests of this file.
  await details.getByLabel('Restaurant name').fill('Umi Sushi');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('link', { name: 'Umi Sushi home' })).toBeVisible();
});

test('a cap on guests per seating: the form offers only the parties it can seat, and a larger one is told to call', async ({
  page,
  browser,
  isMobile,
}) => {
  await openSettings(page);
  const rules = page.getByRole('form', { name: 'Booking rules' });
  await rules.getByLabel('Guests per seating (0: no cap)').fill('4');
  await rules.getByRole('button', { name: 'Save booking rules' }).click();
  await expect(rules.getByText('Saved.')).toBeVisible();

  const guest = await guestPage(browser, isMobile);
  await guest.goto(`${own.app.url}/`);
  const guests = guest.getByLabel('Number of Guests');
  await expect(guests.getByRole('option')).toHaveText([
    'Select guests',
    '1 guest',
    '2 guests',
    '3 guests',
    '4 guests',
    '5 or more',
  ]);
  await guests.selectOption('7+');
  await expect(guest.getByText('For parties of 5 or more, please call us at')).toBeVisible();
  await guest.context().close();

  // No cap again, for the other tests of this file.
  await rules.getByLabel('Guests per seating (0: no cap)').fill('0');
  await rules.getByRole('button', { name: 'Save booking rules' }).click();
  await expect(rules.getByText('Saved.')).toBeVisible();
});
