import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { formatLongDate } from '../../src/booking/calendar';
import type { SeatType } from '../../src/shared/seat-types';
import { expect, test, type Accounts } from './support/fixtures';
import { openDate } from './support/e2e-env';

test.skip(
  ({ isMobile }) => isMobile,
  'the dashboard is a desktop tool; its phone layout is checked by axe and by hand',
);

/** A guest (a fresh account, in a browser of their own) books through the API; returns the account's email. */
async function guestBooks(
  accounts: Accounts,
  name: string,
  date: string,
  partySize: number,
  startTime: number,
  seatType: SeatType = 'table',
) {
  const guest = await accounts.guest({
    emailPrefix:
      name
        .split(' ')[0]!
        .toLowerCase()
        .replace(/[^a-z]/g, '') || 'guest',
  });
  const response = await guest.book({
    name,
    phoneNumber: '555-010-0199',
    reservationDate: date,
    partySize,
    seatType,
    startTime,
  });
  if (response.status() !== 201) throw new Error(`booking failed: ${response.status()} ${await response.text()}`);
  return guest.email;
}

/** The admin's page opens the dashboard on the date. */
async function openDashboard(page: Page, date: string) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByLabel('Date', { exact: true }).fill(date);
  await expect(page.getByText('Live: changes appear as they happen')).toBeVisible();
}

test('a guest is denied, then sent home after 3 seconds; a visitor is sent to sign in', async ({ page, accounts }) => {
  // Every admin page sends a visitor to sign in, and back to it after.
  for (const path of ['/admin/print?date=2026-12-01', '/admin/settings', '/admin/networks', '/admin']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(`/auth/signin?next=${encodeURIComponent(path)}`);
  }
  await accounts.guest({ page, emailPrefix: 'nosy' });
  await page.goto('/admin');
  await expect(page.getByRole('alert')).toHaveText('Access Denied: Admin privileges required');
  const shownAt = Date.now();
  await expect(page).toHaveURL(/\/$/, { timeout: 6000 });
  expect(Date.now() - shownAt).toBeGreaterThan(2500);
});

test('live day view, search, change seats, counter warning, cancel dialog', async ({ admin: { page }, accounts }) => {
  const date = openDate(8);
  await openDashboard(page, date);
  await expect(page.getByText('No reservations found for this date.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Table Layout' })).toBeVisible();
  await expect(page.getByText('Floor Tables')).toBeVisible();
  await expect(page.getByText('Counter Tables')).toBeVisible();

  // A guest books elsewhere; the open dashboard shows it without a reload.
  const email = await guestBooks(accounts, 'Hana Tanaka', date, 4, 1800);
  const card = page.getByRole('article', { name: /Hana Tanaka/ });
  await expect(card).toBeVisible({ timeout: 2000 });
  await expect(card).toContainText('6:00 PM - 7:30 PM');
  await expect(card).toContainText('4 people');
  await expect(card).toContainText(email);
  await expect(page.getByRole('button', { name: 'Print Reservations (1)' })).toBeVisible();

  // Change seats to two tables: 7 and 8 (not reservable online) -> Multiple Tables.
  await card.getByRole('button', { name: 'Change Seats' }).click();
  const panel = card.getByRole('region', { name: 'Change Seats' });
  await expect(panel.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await panel.getByRole('button', { name: /^7/ }).click();
  await expect(panel).toContainText('Capacity: 2/4');
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    panel.getByText('Selected seats can only accommodate 2 people, but this reservation is for 4 people.'),
  ).toBeVisible();
  await panel.getByRole('button', { name: /^8/ }).click();
  await expect(panel).toContainText('Capacity: 6/4');
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Seats updated successfully!')).toBeVisible();
  await expect(card).toContainText('7, 8');
  await expect(card.getByText('Multiple Tables')).toBeVisible();

  // Counter over-selection warns, and saves. The grid marks the tables held now, and those guests cannot book.
  await card.getByRole('button', { name: 'Change Seats' }).click();
  await expect(panel.getByRole('button', { name: /^7\b/ })).toContainText('2 seats · staff only · current');
  await expect(panel.getByRole('button', { name: /^1\b/ })).not.toContainText('current');
  await panel.getByRole('button', { name: 'Counter' }).click();
  for (const seat of ['C1', 'C2', 'C3', 'C4', 'C5'])
    await panel.getByRole('button', { name: new RegExp(`^${seat}\\b`) }).click();
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    page.getByText(
      "You've selected 5 counter seats for a party of 4. Consider using exactly 4 seats to avoid wasting capacity.",
    ),
  ).toBeVisible();
  await expect(card).toContainText('C1, C2, C3, C4, C5 (Counter)');
  await expect(card.getByText('Multiple Tables')).toHaveCount(0);

  // Edit: the admin's Save can be pressed with fields emptied; each one is named.
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByLabel('Date').fill('');
  await card.getByLabel('Number of Guests').selectOption('');
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card.getByText('Please select a date')).toBeVisible();
  await expect(card.getByText('Please select the number of guests')).toBeVisible();
  await expect(card.getByLabel('Date')).toBeFocused();
  await card.getByLabel('Number of Guests').selectOption('4');

  // A new date clears the time, which the admin must choose again.
  await card.getByLabel('Date').fill(openDate(11));
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card.getByText('No time selected for the reservation')).toBeVisible();
  await card.getByLabel('Date').fill(date);
  await card.getByLabel('Number of Guests').selectOption('5');
  await card.getByRole('button', { name: '6:00 PM' }).click();
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Reservation updated successfully!')).toBeVisible();
  await expect(card).toContainText('5 people');

  // Search by part of the name, then part of the email.
  await page.getByRole('button', { name: 'Search by Name/Email' }).click();
  await expect(page.getByText('Enter a name or email address to search for reservations.')).toBeVisible();
  const box = page.getByPlaceholder('Enter customer name or email address...');
  await box.fill('hana tan');
  await expect(page.getByText('Press Enter to search or continue typing to refine your search')).toBeVisible();
  await expect(page.getByText('Searching for: hana tan · Found 1 result(s)')).toBeVisible();
  await box.fill(email.slice(0, 8));
  await box.press('Enter');
  await expect(page.getByRole('article', { name: /Hana Tanaka/ })).toBeVisible();
  await box.fill('nobody-matches-this');
  await expect(page.getByText('No reservations found matching your search.')).toBeVisible();

  // Cancel through the dialog.
  await page.getByRole('button', { name: 'Search by Date' }).click();
  await page.getByLabel('Date', { exact: true }).fill(date);
  await page
    .getByRole('article', { name: /Hana Tanaka/ })
    .getByRole('button', { name: 'Cancel' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Reservation' });
  await expect(dialog).toContainText('Are you sure you want to cancel this reservation?');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Reservation cancelled successfully.')).toBeVisible();
  await expect(page.getByText('No reservations found for this date.')).toBeVisible();
  await page.getByRole('button', { name: 'Print Reservations (0)' }).click();
  await expect(
    page.getByText('No reservations to print. Please select a date or search for reservations first.'),
  ).toBeVisible();
});

test('print opens a report in a new window, where a hostile name is only text', async ({
  admin: { page },
  accounts,
}) => {
  const date = openDate(9);
  await guestBooks(accounts, '<img src=x onerror=alert(1)>', date, 2, 1700);
  await guestBooks(accounts, 'Early Counter', date, 2, 1700, 'counter');
  await openDashboard(page, date);
  let alerted = false;
  page.context().on('page', (popup) =>
    popup.on('dialog', (dialog) => {
      alerted = true;
      void dialog.dismiss();
    }),
  );
  const [report] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Print Reservations (2)' }).click(),
  ]);
  await expect(report.getByRole('table')).toBeVisible();
  await expect(report.getByRole('cell', { name: '<img src=x onerror=alert(1)>' })).toBeVisible();
  await expect(report.locator('img')).toHaveCount(0);
  await expect(report.getByText('C1, C2 (Counter)')).toBeVisible();
  await expect(report.getByText('Total reservations: 2')).toBeVisible();
  await expect(report.getByText(/Confidential/)).toBeVisible();
  await expect(report.getByRole('heading', { level: 1 })).toContainText(formatLongDate(date));
  expect(alerted).toBe(false);
});

test('the admin books on / with the manual table picker', async ({ admin: { page } }) => {
  await page.goto('/');
  await expect(page.getByText('Admin mode: You can book non-reservable tables and counter seats.')).toBeVisible();
  await page.getByLabel('Name').fill('Walk In');
  await page.getByLabel('Phone Number').fill('5550100199');
  await page.getByLabel('Date').fill(openDate(10));
  await page.getByLabel('Number of Guests').selectOption('4');
  // The admin books for a caller: the Reminder Email starts empty (issue 15.12).
  await page.getByLabel('Reminder Email').fill('walk.in@example.com');
  await page.getByRole('button', { name: '5:30 PM' }).click();
  await page.getByRole('button', { name: 'Confirm Selection' }).click();
  await expect(page.getByText('Please select at least one table or counter seat.')).toBeVisible();
  await page.getByRole('button', { name: /^1\b/ }).click();
  await page.getByRole('button', { name: 'Confirm Selection' }).click();
  await expect(
    page.getByText(
      'You need at least 4 seats for your party. Currently selected: 2 seats. Please select additional tables or counter seats.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Back to times' }).click();
  await page.getByRole('button', { name: '6:00 PM' }).click();
  await expect(page.getByText('Choose tables for 6:00 PM')).toBeVisible();
  await page.getByRole('button', { name: /^8\b/ }).click();
  await page.getByRole('button', { name: 'Confirm Selection' }).click();
  // Edit reopens the picker with the tables chosen still chosen.
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('button', { name: /^8\b/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Confirm Selection' }).click();
  await expect(page.getByText('6:00 PM at 8')).toBeVisible();
  await page.getByRole('button', { name: 'Reserve' }).click();
  await expect(page.getByRole('region', { name: 'Your reservation is confirmed' })).toContainText(
    '6:00 PM - 7:30 PM (1.5 hours)',
  );
});

test('the counter picker speaks of counter seats, and of one seat as one', async ({ admin: { page } }) => {
  await page.goto('/');
  await page.getByLabel('Date').fill(openDate(10));
  await page.getByLabel('Number of Guests').selectOption('2');
  await page.getByRole('button', { name: 'Counter' }).click();
  await page.getByRole('button', { name: '7:00 PM' }).click();
  await expect(page.getByText('Choose counter seats for 7:00 PM')).toBeVisible();
  await page
    .getByRole('button', { name: /^C\d+\b/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Confirm Selection' }).click();
  await expect(
    page.getByText(
      'You need at least 2 seats for your party. Currently selected: 1 seat. Please select additional tables or counter seats.',
    ),
  ).toBeVisible();
});

test('the dashboard passes axe', async ({ admin: { page } }) => {
  await openDashboard(page, openDate(8));
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});
