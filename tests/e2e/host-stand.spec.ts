import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { addDays, todayIn } from '../../src/booking/calendar';
import { hhmmToMinutes, minutesToHhmm } from '../../src/booking/clock';
import { clockIn } from '../../src/booking/wall-clock';
import { ADMIN, openDate } from './support/e2e-env';
import { openLiveDay, signedInAdmin } from './support/host-stand';
import { expect, test } from './support/fixtures';
import { useOwnApp } from './support/own-app';
import { bookPastParties } from './support/past-parties';

// The host stand's marks (decision 0017), on a server of this file's own: last night's parties are written into
// its book directly. At a phone's 390x844 and a tablet's 1024x768 in landscape.

const own = useOwnApp();
const adminPage = (browser: Browser, isMobile: boolean) => signedInAdmin(own.app.url, browser, isMobile);
const openDay = (page: Page, date: string) => openLiveDay(own.app.url, page, date);

test('the host marks parties Arrived, Seated, Finished and No-show; a second admin sees each at once; the printed list too', async ({
  browser,
  isMobile,
}) => {
  const date = addDays(todayIn('America/Los_Angeles'), -1);
  await bookPastParties(own.database, date, [
    { name: 'Early Party', startTime: 1700, tableIds: ['3'], partySize: 4 },
    { name: 'Missing Party', startTime: 1900, tableIds: ['1'], partySize: 2 },
  ]);
  const host = await adminPage(browser, isMobile);
  const other = await adminPage(browser, isMobile);
  await openDay(host, date);
  await openDay(other, date);
  const cardIn = (page: Page, name: string) => page.getByRole('article', { name: new RegExp(name) });
  const statusIn = (page: Page, name: string) =>
    cardIn(page, name).getByText(/^(Booked|Arrived|Seated|Finished|No-show)$/);

  await expect(statusIn(host, 'Early Party')).toHaveText('Booked');
  // A date gone by says how many parties nobody marked.
  await expect(host.getByText('2 parties on this date were never marked')).toBeVisible();
  const early = cardIn(host, 'Early Party');
  for (const [step, shown] of [
    ['Mark Arrived', 'Arrived'],
    ['Mark Seated', 'Seated'],
    ['Mark Finished', 'Finished'],
  ] as const) {
    await early.getByRole('button', { name: step }).click();
    await expect(statusIn(host, 'Early Party')).toHaveText(shown);
    // The other admin's open view follows without a reload.
    await expect(statusIn(other, 'Early Party')).toHaveText(shown, { timeout: 1_000 });
  }
  // Finished ends the night: no step is left, only Undo.
  await expect(early.getByRole('button', { name: /^Mark / })).toHaveCount(0);

  const missing = cardIn(host, 'Missing Party');
  await missing.getByRole('button', { name: 'Mark No-show' }).click();
  await expect(statusIn(other, 'Missing Party')).toHaveText('No-show', { timeout: 1_000 });
  // A tap on the wrong party is taken back, and marked again.
  await missing.getByRole('button', { name: 'Undo No-show' }).click();
  await expect(statusIn(other, 'Missing Party')).toHaveText('Booked', { timeout: 1_000 });
  await missing.getByRole('button', { name: 'Mark No-show' }).click();
  await expect(statusIn(host, 'Missing Party')).toHaveText('No-show');
  await expect(host.getByText(/never marked/)).toHaveCount(0);

  // The card's history: who marked what.
  await early.getByRole('button', { name: 'History' }).click();
  const history = early.getByRole('listitem');
  await expect(history).toHaveCount(3);
  await expect(history.nth(0)).toContainText('Booked to Arrived');
  await expect(history.nth(2)).toContainText(`Seated to Finished`);
  await expect(history.nth(2)).toContainText(ADMIN.email);

  // The timeline: a bar per party with its status in words; a bar takes the host to the party's card.
  const timeline = host.getByRole('region', { name: 'Timeline, by table' });
  await expect(timeline.getByRole('button', { name: /table 3: 4 · Early Party · Finished/ })).toBeVisible();
  await timeline.getByRole('button', { name: /Missing Party · No-show/ }).click();
  await expect(cardIn(host, 'Missing Party')).toBeFocused();
  // The table layout says each party's mark by its time, and the time leads to the card.
  const layout = host.getByRole('region', { name: 'Table Layout' });
  await expect(layout.getByRole('listitem').filter({ hasText: /^5:00 PM - 6:30 PM/ })).toHaveText(
    '5:00 PM - 6:30 PM · Finished',
  );
  await layout.getByRole('link', { name: '5:00 PM - 6:30 PM, Early Party: open the card' }).click();
  await expect(cardIn(host, 'Early Party')).toBeFocused();

  const results = await new AxeBuilder({ page: host }).analyze();
  expect(results.violations).toEqual([]);
  // Nothing overflows sideways on the phone or the tablet.
  expect(
    await host.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);

  // The printed night list says where each party's night ended.
  await host.goto(`${own.app.url}/admin/print?date=${date}`);
  const report = host.getByRole('table');
  await expect(report.getByRole('columnheader', { name: 'Status' })).toBeAttached();
  await expect(report.getByRole('row', { name: /Early Party/ }).getByRole('cell', { name: 'Finished' })).toBeVisible();
  await expect(report.getByRole('row', { name: /Missing Party/ }).getByRole('cell', { name: 'No-show' })).toBeVisible();
  await host.context().close();
  await other.context().close();
});

test('a party still Booked 15 minutes into its seating today is listed as not arrived, a tap from Arrived', async ({
  browser,
  isMobile,
}) => {
  const now = new Date();
  const minutes = Math.floor(hhmmToMinutes(clockIn('America/Los_Angeles', now)) / 30) * 30 - 30;
  // Its seating began half an hour (or a little more) ago, today: in the first 45 minutes after midnight there is none.
  test.skip(minutes < 0, 'no seating of today has begun 15 minutes ago yet');
  const today = todayIn('America/Los_Angeles', now);
  await bookPastParties(own.database, today, [
    { name: 'Late Party', startTime: minutesToHhmm(minutes), tableIds: ['5'], partySize: 3 },
  ]);
  const host = await adminPage(browser, isMobile);
  await openDay(host, today);
  const late = host.getByRole('region', { name: 'Not arrived' });
  await expect(late).toContainText('Late Party, 3 guests');
  await late.getByRole('button', { name: 'Arrived: Late Party' }).click();
  await expect(host.getByRole('region', { name: 'Not arrived' })).toHaveCount(0);
  await expect(
    host.getByRole('article', { name: /Late Party/ }).getByText(/^(Booked|Arrived|Seated|Finished|No-show)$/),
  ).toHaveText('Arrived');
  await host.context().close();
});

test('a long night draws its first cards at once and the rest as the host goes down the list; a drawn card stays drawn', async ({
  browser,
  isMobile,
}) => {
  const date = openDate(20);
  // Seven tables at eight seatings: 56 parties, more than twice the 24 cards drawn at a time.
  const seatings = [1100, 1230, 1400, 1530, 1700, 1830, 2000, 2130];
  const parties = Array.from({ length: 56 }, (_, i) => ({
    name: `Night Party ${i + 1}`,
    startTime: seatings[Math.floor(i / 7)]!,
    tableIds: [String((i % 7) + 1)],
    partySize: 2,
  }));
  await bookPastParties(own.database, date, parties);
  const host = await adminPage(browser, isMobile);
  await openDay(host, date);
  const cards = host.getByRole('article', { name: /^Night Party/ });
  await expect(cards).toHaveCount(24);
  await expect(host.getByText('Showing 24 of 56 reservations; more appear as you scroll.')).toBeAttached();

  // The keyboard reaching the end's button brings the end into view, which draws the next cards before it: the focus
  // moves on to the first of them, and the host goes on down the list in order.
  await host.getByRole('button', { name: 'Show all 56' }).focus();
  await expect(cards).toHaveCount(48);
  await expect(cards.nth(24)).toBeFocused();

  // A party booked meanwhile for 5 PM lands above the last card drawn: that card stays drawn.
  const lastDrawn = (await cards.nth(47).getAttribute('aria-label'))!.split(',')[0]!;
  const booked = await host.request.post(`${own.app.url}/api/reservations`, {
    headers: { origin: own.app.url },
    data: {
      name: 'Live Party',
      phoneNumber: '555-010-0199',
      reservationDate: date,
      partySize: 2,
      seatType: 'counter',
      startTime: 1700,
      reminderEmail: ADMIN.email,
    },
  });
  expect(booked.status()).toBe(201);
  await expect(host.getByRole('article', { name: /^Live Party,/ })).toBeAttached();
  await expect(host.getByRole('article', { name: new RegExp(`^${lastDrawn},`) })).toBeAttached();
  await expect(cards).toHaveCount(48);

  // A bar of a party not drawn yet draws it, with every card before it, and takes the focus there.
  await host
    .getByRole('region', { name: 'Timeline, by table' })
    .getByRole('button', { name: /: 2 · Night Party 56 · Booked/ })
    .click();
  await expect(host.getByRole('article', { name: /^Night Party 56,/ })).toBeFocused();
  await expect(cards).toHaveCount(56);
  await expect(host.getByRole('button', { name: /^Show all/ })).toHaveCount(0);

  // Anew: scrolling to the end of the list draws the next cards, each time.
  await openDay(host, date);
  await expect(cards).toHaveCount(24);
  await host.getByText(/^Showing 24 of 57 reservations/).scrollIntoViewIfNeeded();
  await expect(host.getByRole('article')).toHaveCount(48);
  await host.getByText(/^Showing 48 of 57 reservations/).scrollIntoViewIfNeeded();
  await expect(host.getByRole('article')).toHaveCount(57);
  expect(await new AxeBuilder({ page: host }).analyze().then((result) => result.violations)).toEqual([]);
  await host.context().close();
});
