import type { BrowserContext, Page } from '@playwright/test';
import { formatLongDate } from '../../src/booking/calendar';
import { expect, test, type Account, type Accounts } from './support/fixtures';
import { openDate, uniqueEmail } from './support/e2e-env';

// A guest names their booking with markup that would run script if any screen inserted it as HTML. Every
// screen that shows the name must show these characters as text: no <img> appears, no alert opens, and the
// browser reports no script it had to block. (The date-view print report is covered in admin.spec.ts.)

const HOSTILE = '<img src=x onerror=alert(1)>';
/** The hostile name plus a tag of this run, so searches find this test's booking only. */
const hostileName = () => `${HOSTILE} ${uniqueEmail('run').split('@')[0]}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Records every dialog and every Content-Security-Policy complaint in the context's pages and popups. */
function watchForScript(context: BrowserContext) {
  const incidents: string[] = [];
  const watch = (page: Page) => {
    page.on('dialog', (dialog) => {
      incidents.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) incidents.push(`csp: ${message.text()}`);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return incidents;
}

/** No element made from the name: no image with src "x", nothing with an onerror attribute. */
async function expectNoInjectedMarkup(page: Page) {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('[onerror]')).toHaveCount(0);
}

async function book(guest: Account, name: string, date: string) {
  const response = await guest.book({
    name,
    phoneNumber: '555-010-0199',
    reservationDate: date,
    startTime: 1730,
    reminderEmail: 'hostile@example.com',
    specialRequests: '</script><script>alert(2)</script>',
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** A guest books from a browser of their own (their own client address). */
async function guestBooksElsewhere(accounts: Accounts, name: string, date: string) {
  await book(await accounts.guest({ emailPrefix: 'hostile' }), name, date);
}

test('My Reservations shows a hostile name as text, in the card and in the edit form', async ({ page, guest }) => {
  const incidents = watchForScript(page.context());
  const name = hostileName();
  const date = openDate(12);
  await book(guest, name, date);

  await page.goto('/my-reservations');
  const card = page.getByRole('article', { name: `Reservation on ${formatLongDate(date)}` });
  await expect(card.getByText(name, { exact: true })).toBeVisible();
  await expect(card.getByText('</script><script>alert(2)</script>', { exact: true })).toBeVisible();
  await expectNoInjectedMarkup(page);

  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expectNoInjectedMarkup(page);
  expect(incidents).toEqual([]);
});

test('the admin dashboard, its search and the printed search show a hostile name as text', async ({
  admin: { page },
  accounts,
  isMobile,
}) => {
  test.skip(isMobile, 'the dashboard is a desktop tool (as in admin.spec.ts)');
  const incidents = watchForScript(page.context());
  const name = hostileName();
  const date = openDate(13);
  await guestBooksElsewhere(accounts, name, date);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  // The day's card.
  await page.getByLabel('Date', { exact: true }).fill(date);
  const card = page.getByRole('article', { name: new RegExp(`^${escapeRegExp(name)},`) });
  await expect(card.getByText(name, { exact: true })).toBeVisible();
  await expectNoInjectedMarkup(page);

  // Search results, searched for with the hostile text itself (which the page echoes back).
  await page.getByRole('button', { name: 'Search by Name/Email' }).click();
  const box = page.getByPlaceholder('Enter customer name or email address...');
  await box.fill(name);
  await box.press('Enter');
  await expect(page.getByText(`Searching for: ${name} · Found 1 result(s)`)).toBeVisible();
  await expect(
    page.getByRole('article', { name: new RegExp(`^${escapeRegExp(name)},`) }).getByText(name, { exact: true }),
  ).toBeVisible();
  await expectNoInjectedMarkup(page);

  // The report printed from the search: its heading repeats the search text, its table the name.
  const [report] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Print Reservations (1)' }).click(),
  ]);
  await expect(report).toHaveURL(/\/admin\/print\?q=/);
  await expect(report.getByRole('heading', { level: 1 })).toContainText(`Reservations matching “${name}”`);
  await expect(report.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(report.locator('img')).toHaveCount(0);
  await expectNoInjectedMarkup(report);
  expect(incidents).toEqual([]);
});
