import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { todayIn } from '../../src/booking/calendar';
import { formatTime12h, hhmmToMinutes, minutesToHhmm } from '../../src/booking/clock';
import { clockIn } from '../../src/booking/wall-clock';
import { openDate, uniqueEmail } from './support/e2e-env';
import { expect, test } from './support/fixtures';
import { openLiveDay, signedInAdmin } from './support/host-stand';
import { useOwnApp } from './support/own-app';
import { bookPastParties } from './support/past-parties';

// Walk-ins and blocked seats at the host stand (decision 0017), on a server of this file's own (blocks would change
// what other specs book against): tonight's parties are written into its book directly, at the restaurant's real time. At a phone's 390x844 and a tablet's 1024x768 in landscape.

const own = useOwnApp();
const adminPage = (browser: Browser, isMobile: boolean) => signedInAdmin(own.app.url, browser, isMobile);
const openDay = (page: Page, date: string) => openLiveDay(own.app.url, page, date);

test('"Seat a walk-in" seats a party of 2 with no email; a table a party just left takes the next walk-in', async ({
  browser,
  isMobile,
}) => {
  const now = new Date();
  const block = Math.floor(hhmmToMinutes(clockIn('America/Los_Angeles', now)) / 30) * 30;
  // The party leaving sat down half an hour before the block under way; the next walk-in sits 90 minutes from the
  // next block, before midnight.
  test.skip(block < 30 || block > 22 * 60 + 30, 'no room tonight for a party before and a walk-in after');
  const today = todayIn('America/Los_Angeles', now);
  const [at, next] = [minutesToHhmm(block), minutesToHhmm(block + 30)];
  await bookPastParties(own.database, today, [
    { name: 'Leaving Party', startTime: minutesToHhmm(block - 30), tableIds: ['6'], partySize: 4 },
    ...['1', '2', '3', '4', '5', '7'].map((id) => ({
      name: `Holder ${id}`,
      startTime: at,
      tableIds: [id],
      partySize: 2,
    })),
  ]);
  const host = await adminPage(browser, isMobile);
  await openDay(host, today);

  await host.getByRole('button', { name: 'Seat a walk-in' }).click();
  const form = host.getByRole('form', { name: 'Seat a walk-in' });
  await expect(form.getByRole('heading', { name: 'Seat a walk-in' })).toBeFocused();
  await form.getByLabel('Number of Guests').selectOption('2');
  await form.getByLabel('Name (optional)').fill('Door Party');
  const axe = await new AxeBuilder({ page: host }).analyze();
  expect(axe.violations).toEqual([]);
  expect(
    await host.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await form.getByRole('button', { name: 'Seat walk-in' }).click();
  // The one table free now: table 8.
  await expect(host.getByRole('status').filter({ hasText: 'Seated Door Party' })).toHaveText(
    `Seated Door Party, 2 guests, at table 8 from ${formatTime12h(at)}.`,
  );
  await expect(host.getByRole('button', { name: 'Seat a walk-in' })).toBeFocused();
  const door = host.getByRole('article', { name: /Door Party/ });
  await expect(door.getByText(/^(Booked|Arrived|Seated|Finished|No-show)$/)).toHaveText('Seated');
  await expect(door.getByText('None (walk-in)')).toBeVisible();
  // Today's timeline: the walk-in's bar, and a line at now.
  const timeline = host.getByRole('region', { name: 'Timeline, by table' });
  await expect(timeline.getByRole('button', { name: /table 8: 2 · Door Party · Seated/ })).toBeVisible();
  await expect(timeline.getByText(/^Now, \d{1,2}:\d{2} [AP]M$/)).toBeAttached();

  // Every table is taken now; the party at table 6 leaves, and the next walk-in has it from the next half hour.
  const leaving = host.getByRole('article', { name: /Leaving Party/ });
  await leaving.getByRole('button', { name: 'Mark Seated' }).click();
  await leaving.getByRole('button', { name: 'Mark Finished' }).click();
  await expect(leaving.getByText(`tables free from ${formatTime12h(next)}`)).toBeVisible();
  await host.getByRole('button', { name: 'Seat a walk-in' }).click();
  await host.getByRole('form', { name: 'Seat a walk-in' }).getByRole('button', { name: 'Seat walk-in' }).click();
  await expect(host.getByRole('status').filter({ hasText: 'Seated Walk-in' })).toHaveText(
    `Seated Walk-in, 2 guests, at table 6 from ${formatTime12h(next)}.`,
  );
  await host.context().close();
});

test("a block hides its tables' times from a guest's form at once, and letting it go offers them again", async ({
  browser,
  isMobile,
}) => {
  const date = openDate(5);
  const guest = await browser.newPage();
  const email = uniqueEmail('block-guest');
  const signUp = await guest.request.post(`${own.app.url}/api/auth/sign-up/email`, {
    data: { email, password: 'block-guest-1', name: 'Bea Guest' },
    headers: { origin: own.app.url },
  });
  expect(signUp.ok()).toBe(true);
  const chooseDate = async () => {
    await guest.goto(`${own.app.url}/`);
    await guest.getByLabel('Number of Guests').selectOption('2');
    await guest.getByLabel('Date').fill(date);
  };
  await chooseDate();
  await expect(guest.getByRole('button', { name: '7:00 PM' })).toBeVisible();

  const host = await adminPage(browser, isMobile);
  await openDay(host, date);
  await host.getByRole('button', { name: 'Block seats' }).click();
  const form = host.getByRole('form', { name: 'Block seats' });
  await expect(form.getByRole('heading', { name: 'Block seats' })).toBeFocused();
  for (const id of ['1', '2', '3', '4', '5', '6']) await form.getByLabel(id, { exact: true }).check();
  await form.getByLabel('From').selectOption({ label: '7:00 PM' });
  await form.getByLabel('Until').selectOption({ label: '9:00 PM' });
  await form.getByLabel('Note').fill('held for regulars');
  const axe = await new AxeBuilder({ page: host }).analyze();
  expect(axe.violations).toEqual([]);
  await form.getByRole('button', { name: 'Block seats' }).click();
  await expect(host.getByRole('status').filter({ hasText: 'Blocked' })).toHaveText(
    'Blocked 1, 2, 3, 4, 5, 6: 7:00 PM - 9:00 PM.',
  );
  await expect(host.getByRole('button', { name: 'Block seats' })).toBeFocused();
  const blocks = host.getByRole('region', { name: 'Blocked seats' });
  await expect(blocks.getByRole('listitem')).toContainText(['held for regulars']);
  await expect(host.getByRole('region', { name: 'Table Layout' }).getByText('Blocked 7:00 PM - 9:00 PM')).toHaveCount(
    6,
  );
  await expect(
    host.getByRole('region', { name: 'Timeline, by table' }).getByText('Blocked: held for regulars'),
  ).toHaveCount(6);
  expect(
    await host.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);

  // The guest's form, asked again: the seatings that overlap the block are gone; the early ones stay.
  await chooseDate();
  await expect(guest.getByRole('button', { name: '5:00 PM' })).toBeVisible();
  await expect(guest.getByRole('button', { name: '7:00 PM' })).toHaveCount(0);

  await blocks.getByRole('button', { name: /^Remove block: 1, 2, 3, 4, 5, 6/ }).click();
  await expect(blocks.getByText('No seats are blocked on this date.')).toBeVisible();
  await chooseDate();
  await expect(guest.getByRole('button', { name: '7:00 PM' })).toBeVisible();
  await host.context().close();
  await guest.close();
});
