import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { parseCsv } from '../support/csv';
import { expect, test, type Accounts } from './support/fixtures';
import { openDate } from './support/e2e-env';

// The owner's export and backup status on the dashboard, on a desktop and on a phone: the CSV downloads as a
// file, and a name a spreadsheet would run as a formula arrives as inert text.

const HOSTILE = '=HYPERLINK("http://evil.example","x")';

/** A guest (a browser of their own) books under the hostile name through the API; returns the reservation id. */
async function hostileGuestBooks(accounts: Accounts, date: string): Promise<string> {
  const mallory = await accounts.guest({ emailPrefix: 'mallory' });
  const response = await mallory.book({ name: HOSTILE, reservationDate: date, startTime: 1730 });
  const body = (await response.json()) as { reservation: { id: string } };
  expect(response.status()).toBe(201);
  return body.reservation.id;
}

/** Clicks Download CSV and reads the file the browser saved. */
async function downloadCsv(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const bytes = readFileSync(await download.path());
  return { fileName: download.suggestedFilename(), bytes, rows: parseCsv(bytes.subarray(3).toString('utf8')) };
}

test('the admin downloads reservations as CSV, and a hostile name arrives inert', async ({
  admin: { page },
  accounts,
}, info) => {
  // Each project books on its own day, so the date range holds this run's booking.
  const date = openDate(info.project.name === 'phone' ? 15 : 14);
  const id = await hostileGuestBooks(accounts, date);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const exporter = page.getByRole('region', { name: 'Export reservations' });
  await exporter.getByLabel('A date range').check();
  await exporter.getByLabel('From').fill(date);
  await exporter.getByLabel('To').fill(date);

  const range = await downloadCsv(page);
  expect(range.fileName).toBe(`reservations-${date}-to-${date}.csv`);
  expect([...range.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = range.rows;
  const column = (name: string) => header!.indexOf(name);
  const row = rows.find((cells) => cells[column('Reservation ID')] === id);
  expect(row?.[column('Date')]).toBe(date);
  // Inert: the cell starts with a quote, so a spreadsheet shows the text instead of making a link.
  expect(row?.[column('Name')]).toBe(`'${HOSTILE}`);
  expect(range.bytes.toString('utf8')).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  expect(rows.every((cells) => cells[column('Date')] === date)).toBe(true);

  await exporter.getByLabel('Everything').check();
  const everything = await downloadCsv(page);
  expect(everything.fileName).toMatch(/^reservations-all-as-of-\d{4}-\d\d-\d\d\.csv$/);
  expect(everything.rows.some((cells) => cells[column('Reservation ID')] === id)).toBe(true);

  // A range that ends before it starts: the server's word, in place.
  await exporter.getByLabel('A date range').check();
  await exporter.getByLabel('To').fill(openDate(3));
  await exporter.getByRole('button', { name: 'Download CSV' }).click();
  await expect(exporter.getByRole('alert')).toHaveText('The range ends before it starts.');
});

test('the dashboard shows the backup status, and passes axe with the export open', async ({ admin: { page } }) => {
  await page.goto('/admin');
  const backups = page.getByRole('region', { name: 'Backups' });
  if (process.env.TEST_DATABASE_URL) {
    await expect(backups).toContainText('The book is in PostgreSQL: whoever runs the server backs it up with pg_dump');
  } else {
    // The e2e server is new: its first snapshot is taken within a minute of starting.
    await expect(backups.getByRole('status')).toHaveText(
      /^(Last backup: (today|yesterday), \d{1,2}:\d\d [AP]M · \d+ backups? kept|No backup yet\.)$/,
    );
    // The folder is for whoever runs the server: behind a toggle.
    await expect(backups.getByText('Daily at 4:00 AM, the last 7 kept in')).toBeHidden();
    await backups.getByText('Details for whoever runs the server').click();
    await expect(backups).toContainText('Daily at 4:00 AM, the last 7 kept in');
  }
  await page.getByRole('region', { name: 'Export reservations' }).getByLabel('A date range').check();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});
