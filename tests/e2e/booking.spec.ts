import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, type Account } from './support/fixtures';
import { addDays, formatLongDate, todayIn, weekdayOf } from '../../src/booking/calendar';
import { BASE_URL, closedDate, openDate } from './support/e2e-env';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

/** The admin holds each of these tables at the time, one reservation per table. */
async function holdTables(admin: Account, date: string, startTime: number, tableIds: string[]) {
  for (const table of tableIds) {
    const response = await admin.book({
      name: `Held ${table}`,
      phoneNumber: '5550100100',
      reservationDate: date,
      startTime,
      tableIds: [table],
    });
    expect(response.status()).toBe(201);
  }
}

async function fillBooking(page: Page, date: string, guests: string) {
  await page.getByLabel('Name').fill('Ann Guest');
  await page.getByLabel('Phone Number').fill('5550100199');
  await page.getByLabel('Date').fill(date);
  await page.getByLabel('Number of Guests').selectOption(guests);
}

test('signed-out visitors are asked to sign in to make a reservation', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/signin\?next=%2F&message=/);
  await expect(page.getByRole('status').filter({ hasText: 'Please sign in to make a reservation' })).toBeVisible();
  await page.goto('/my-reservations');
  await expect(page).toHaveURL(/\/auth\/signin\?next=%2Fmy-reservations&message=/);
  await expect(page.getByText('Please sign in to view your reservations')).toBeVisible();
});

test('book a table, see it, edit it, cancel it', async ({ page, guest }) => {
  const { email } = guest;
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Make a Reservation' })).toBeVisible();
  await expect(page.getByLabel('Reminder Email')).toHaveValue(email);
  await expect(page.getByRole('button', { name: 'Reserve' })).toBeDisabled();

  // A Monday is refused as soon as it is typed.
  let monday = openDate(2);
  while (weekdayOf(monday) !== 1) monday = addDays(monday, 1);
  await page.getByLabel('Date').fill(monday);
  await expect(page.getByText('We are closed on Mondays')).toBeVisible();

  const date = openDate(3);
  await page.getByLabel('Name').fill('A');
  await page.getByLabel('Phone Number').fill('555010');
  await expect(page.getByLabel('Phone Number')).toHaveValue('555-010');
  await page.getByLabel('Date').fill(date);
  await page.getByLabel('Number of Guests').selectOption('7+');
  await expect(page.getByRole('main').getByRole('link', { name: '(555) 010-0199' })).toHaveAttribute(
    'href',
    'tel:5550100199',
  );
  await page.getByLabel('Number of Guests').selectOption('2');
  await page.getByRole('button', { name: 'Table' }).click();
  await page.getByRole('button', { name: '7:00 PM' }).click();
  await expect(page.getByRole('button', { name: '7:00 PM' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Reminder Email').fill('');
  await page.getByRole('button', { name: 'Reserve' }).click();
  await expect(page.getByText('Name must be at least 2 characters long')).toBeVisible();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await expect(page.getByText('Please enter an email address for reminders')).toBeVisible();
  await expect(page.getByLabel('Name')).toBeFocused();

  await page.getByLabel('Name').fill('Ann Guest');
  // An error goes as soon as its field is changed.
  await expect(page.getByText('Name must be at least 2 characters long')).toHaveCount(0);
  await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Phone Number').fill('5550100199');
  await page.getByLabel('Reminder Email').fill(email);
  // Changing the party size clears the chosen time.
  await page.getByLabel('Number of Guests').selectOption('3');
  await expect(page.getByRole('button', { name: 'Reserve' })).toBeDisabled();
  await page.getByRole('button', { name: '7:00 PM' }).click();
  await page.getByRole('button', { name: 'Reserve' }).click();

  const confirmation = page.getByRole('region', { name: 'Your reservation is confirmed' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText(formatLongDate(date));
  await expect(confirmation).toContainText('7:00 PM - 8:30 PM (1.5 hours)');
  await expect(confirmation).toContainText('3 people');
  await expect(confirmation).toContainText(`We'll send a reminder to ${email} on the morning of your reservation.`);
  await expect(confirmation).toContainText('refresh the page');
  await expect(page.getByLabel('Name')).toHaveCount(0);
  await expect(confirmation.getByRole('heading')).toBeFocused();

  // The calendar file: the dinner's instant in the restaurant's zone, and its address.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    confirmation.getByRole('link', { name: 'Add to calendar' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`umi-sushi-${date}.ics`);
  const ics = await readFile(await download.path(), 'utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toMatch(/DTSTART:\d{8}T0[23]0000Z/); // 7:00 PM in Los Angeles is 02:00 or 03:00 UTC
  expect(ics).toContain('LOCATION:123 Harbor Street\\, Springfield\\, CA 90000');

  await page.goto('/my-reservations');
  await expect(page.getByRole('heading', { name: 'My Reservations' })).toBeVisible();
  const card = page.getByRole('article', { name: `Reservation on ${formatLongDate(date)}` });
  await expect(card).toContainText('7:00 PM - 8:30 PM');
  await expect(card).toContainText('3 people');
  await expect(card).toContainText('Ann Guest');
  await expect(card).toContainText('555-010-0199');
  await expect(card).toContainText('Table');
  await expect(
    page.getByText('We use your email only to send you a reminder on the morning of your reservation.'),
  ).toBeVisible();

  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('button', { name: 'Counter' })).toBeDisabled();
  const newDate = openDate(5);
  await page.getByLabel('Date').fill(newDate);
  await page.getByRole('button', { name: '6:00 PM' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Reservation updated successfully!')).toBeVisible();
  await expect(page.locator(':focus')).toContainText('Reservation updated successfully!');
  const moved = page.getByRole('article', { name: `Reservation on ${formatLongDate(newDate)}` });
  await expect(moved).toContainText('6:00 PM - 7:30 PM');

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to cancel this reservation?');
    void dialog.accept();
  });
  await moved.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Reservation cancelled successfully.')).toBeVisible();
  await expect(page.getByText("You don't have any reservations yet.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Make Reservation' }).last()).toHaveAttribute('href', '/');
});

test('the edit form names each emptied or malformed field, in a real browser', async ({ page, guest }) => {
  const date = openDate(6);
  const response = await guest.book({ reservationDate: date, startTime: 1800 });
  expect(response.status()).toBe(201);

  await page.goto('/my-reservations');
  const card = page.getByRole('article', { name: `Reservation on ${formatLongDate(date)}` });
  await card.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Name').fill('');
  await page.getByLabel('Phone Number').fill('');
  await page.getByLabel('Reminder Email').fill('ann@');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Please enter your name');
  await expect(page.getByLabel('Phone Number')).toHaveAccessibleDescription(/Please enter your phone number/);
  await expect(page.getByLabel('Reminder Email')).toHaveAccessibleDescription(/Please enter a valid email address/);
  await expect(page.getByLabel('Name')).toBeFocused();

  // Nothing was saved: a fresh load shows the reservation as it was.
  await page.reload();
  await expect(card).toContainText('Ann Guest');
  await expect(card).toContainText('6:00 PM - 7:30 PM');
});

test('an answer lost on the way: the booking is sent again and made once', async ({ guest: { page } }) => {
  // The first booking request reaches the server, which books, but its answer never reaches the phone.
  let lostAnswers = 0;
  await page.route('**/api/reservations', async (route) => {
    if (route.request().method() !== 'POST' || lostAnswers > 0) return route.fallback();
    lostAnswers++;
    expect((await route.fetch()).status()).toBe(201);
    await route.abort('connectionreset');
  });
  const date = openDate(40);
  await page.goto('/');
  await fillBooking(page, date, '2');
  await page.getByRole('button', { name: '6:30 PM' }).click();
  await page.getByRole('button', { name: 'Reserve' }).click();
  await expect(page.getByRole('region', { name: 'Your reservation is confirmed' })).toContainText(
    '6:30 PM - 8:00 PM (1.5 hours)',
  );
  expect(lostAnswers).toBe(1);
  await page.goto('/my-reservations');
  await expect(page.getByRole('article', { name: `Reservation on ${formatLongDate(date)}` })).toHaveCount(1);
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('edits and cancels whose answers are lost are sent again and reported done', async ({ page, guest }) => {
  const date = openDate(42);
  const booked = await guest.book({ reservationDate: date, startTime: 1700 });
  expect(booked.status()).toBe(201);

  // The first PATCH and the first DELETE reach the server and are done, but their answers are cut off.
  const lost = { PATCH: 0, DELETE: 0 };
  await page.route('**/api/reservations/*', async (route) => {
    const method = route.request().method();
    if ((method !== 'PATCH' && method !== 'DELETE') || lost[method] > 0) return route.fallback();
    lost[method]++;
    expect((await route.fetch()).ok()).toBe(true);
    await route.abort('connectionreset');
  });

  await page.goto('/my-reservations');
  const card = page.getByRole('article', { name: `Reservation on ${formatLongDate(date)}` });
  await card.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: '8:00 PM' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Reservation updated successfully!')).toBeVisible();
  await expect(card).toContainText('8:00 PM - 9:30 PM');

  page.once('dialog', (dialog) => void dialog.accept());
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Reservation cancelled successfully.')).toBeVisible();
  await expect(page.getByText("You don't have any reservations yet.")).toBeVisible();
  expect(lost).toEqual({ PATCH: 1, DELETE: 1 });
});

test('a reservation cancelled in another tab leaves the list when the guest reaches for it, and says why', async ({
  page,
  guest,
}) => {
  const [first, second] = [openDate(43), openDate(44)];
  const ids: string[] = [];
  for (const reservationDate of [first, second]) {
    const booked = await guest.book({ reservationDate, startTime: 1700 });
    expect(booked.status()).toBe(201);
    ids.push(((await booked.json()) as { reservation: { id: string } }).reservation.id);
  }
  await page.goto('/my-reservations');
  const cardOn = (date: string) => page.getByRole('article', { name: `Reservation on ${formatLongDate(date)}` });
  await expect(cardOn(first)).toBeVisible();
  const cancelElsewhere = async (id: string) =>
    expect((await page.request.delete(`/api/reservations/${id}`, { headers: { origin: BASE_URL } })).ok()).toBe(true);

  // Cancelled in another tab while this one shows it; then Cancel here.
  await cancelElsewhere(ids[0]!);
  page.once('dialog', (dialog) => void dialog.accept());
  await cardOn(first).getByRole('button', { name: 'Cancel' }).click();
  const elsewhere = page.getByText(/^This reservation was cancelled elsewhere/);
  await expect(elsewhere).toBeVisible();
  await expect(cardOn(first)).toHaveCount(0);

  // Cancelled in another tab while this one edits it; then Save.
  await cardOn(second).getByRole('button', { name: 'Edit' }).click();
  await cancelElsewhere(ids[1]!);
  // Any other time free that night (other tests book this date too).
  await page.getByRole('group', { name: 'Available Times' }).getByRole('button', { pressed: false }).first().click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(elsewhere).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit reservation' })).toHaveCount(0);
  await expect(page.getByText("You don't have any reservations yet.")).toBeVisible();
});

test('an edit to a time taken meanwhile says so in the form, and the time must be chosen again', async ({
  page,
  guest,
  accounts,
}, testInfo) => {
  // Each project on its own date, as both run against the same database.
  const date = openDate(testInfo.project.name === 'phone' ? 32 : 30);
  const booked = await guest.book({ reservationDate: date, startTime: 1700 });
  expect(booked.status()).toBe(201);
  await page.goto('/my-reservations');
  const card = page.getByRole('article', { name: `Reservation on ${formatLongDate(date)}` });
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit reservation' })).toBeFocused();
  await page.getByRole('button', { name: '8:30 PM' }).click();

  // Meanwhile the admin (in a browser of their own) takes every table a guest may book at 8:30 PM.
  await holdTables(await accounts.admin(), date, 2030, ['1', '2', '3', '4', '5', '6']);

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.locator(':focus')).toContainText('That time slot has been booked. Please refresh the page.');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await expect(page.getByRole('button', { name: '8:30 PM' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Edit' })).toBeFocused();
  await expect(card).toContainText('5:00 PM - 6:30 PM');
});

test('a date that cannot be booked online says why, with the phone for the dates only a call can book', async ({
  guest: { page },
}) => {
  await page.goto('/');
  await page.getByLabel('Number of Guests').selectOption('2');
  const times = page.getByRole('group', { name: 'Available Times' });
  const phone = times.getByRole('link', { name: '(555) 010-0199' });
  const today = todayIn('America/Los_Angeles');

  // Today (Mondays included: the closure is the first thing to say).
  await page.getByLabel('Date').fill(today);
  if (weekdayOf(today) === 1) {
    await expect(page.getByText('We are closed on Mondays')).toBeVisible();
  } else {
    await expect(times).toContainText('Online booking opens tomorrow.');
    await expect(phone).toHaveAttribute('href', 'tel:5550100199');
  }

  let beyond = addDays(today, 61);
  while (weekdayOf(beyond) === 1) beyond = addDays(beyond, 1);
  await page.getByLabel('Date').fill(beyond);
  await expect(times).toContainText('Online booking reaches 60 days ahead.');
  await expect(phone).toHaveAttribute('href', 'tel:5550100199');

  await page.getByLabel('Date').fill(closedDate());
  await expect(times).toContainText('We are closed on this date.');
  await expect(phone).toHaveCount(0);
  await expect(page.getByText('No times are available on this date')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);

  // A date that can be booked offers its times again.
  await page.getByLabel('Date').fill(openDate(12));
  await expect(times.getByRole('button', { name: '5:00 PM' })).toBeVisible();
  await expect(times).not.toContainText('We are closed');
  await expect(page.getByRole('button', { name: 'Reserve' })).toBeDisabled();
});

test('My Reservations lists upcoming reservations first, soonest first, then past ones under their own heading', async ({
  page,
  guest,
}) => {
  // Booked out of order; each on its own day.
  const [first, second, third, fourth] = [openDate(33), openDate(35), openDate(37), openDate(39)];
  for (const [date, startTime] of [
    [third, 1900],
    [first, 1700],
    [fourth, 1800],
    [second, 2000],
  ] as const) {
    expect((await guest.book({ reservationDate: date, startTime })).status()).toBe(201);
  }
  const cardDates = (list: ReturnType<Page['getByRole']>) =>
    list.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
  const named = (...dates: string[]) => dates.map((date) => `Reservation on ${formatLongDate(date)}`);

  await page.goto('/my-reservations');
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  await expect(upcoming.getByRole('article')).toHaveCount(4);
  expect(await cardDates(upcoming)).toEqual(named(first, second, third, fourth));
  await expect(page.getByRole('heading', { name: 'Past' })).toHaveCount(0);

  // Seen in the night after the second dinner (the browser's clock moved on): the first two have taken place,
  // and are listed last, the latest first.
  await page.clock.setFixedTime(new Date(`${addDays(second, 1)}T00:00:00-08:00`));
  await page.reload();
  await expect(upcoming.getByRole('article')).toHaveCount(2);
  expect(await cardDates(upcoming)).toEqual(named(third, fourth));
  const past = page.getByRole('region', { name: 'Past' });
  await expect(past.getByRole('heading', { level: 2, name: 'Past' })).toBeVisible();
  expect(await cardDates(past)).toEqual(named(second, first));
  await expect(past.getByText('This reservation has taken place.')).toHaveCount(2);
  await expect(past.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test('times that failed to load can be asked again with Retry', async ({ guest: { page } }) => {
  await page.goto('/');
  // The server fails the first ask and the page's own second try, then answers again.
  let failures = 0;
  await page.route(/\/api\/availability\?/, async (route) => {
    if (failures === 2) return route.continue();
    failures++;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { message: 'Something broke', code: 'internal' } }),
    });
  });
  await page.getByLabel('Date').fill(openDate(5));
  await page.getByLabel('Number of Guests').selectOption('2');
  await expect(page.getByText('Failed to check availability. Please try again.')).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: '5:00 PM' })).toBeVisible();
  await expect(page.getByText('Failed to check availability. Please try again.')).toHaveCount(0);
});

test('book counter seats', async ({ guest: { page } }) => {
  await page.goto('/');
  await fillBooking(page, openDate(4), '2');
  await page.getByRole('button', { name: 'Counter' }).click();
  await page.getByRole('button', { name: '8:30 PM' }).click();
  await page.getByRole('button', { name: 'Reserve' }).click();
  await expect(page.getByRole('region', { name: 'Your reservation is confirmed' })).toContainText(
    '8:30 PM - 10:00 PM (1.5 hours)',
  );
  await page.goto('/my-reservations');
  await expect(page.getByRole('article').first()).toContainText('Counter');
});

test('the booking pages pass axe', async ({ guest: { page } }) => {
  for (const path of ['/', '/my-reservations']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations, path).toEqual([]);
  }
});

test('two guests race for the last table: one books it, the other is told and keeps what they typed', async ({
  accounts,
}, testInfo) => {
  // Each project runs on its own date, as both run against the same database.
  const date = openDate(testInfo.project.name === 'phone' ? 22 : 20); // apart even when one is a Monday

  // The admin takes every reservable table at 5:30 PM but table 6.
  await holdTables(await accounts.admin(), date, 1730, ['1', '2', '3', '4', '5']);

  // Each guest in a browser of their own.
  const guests = await Promise.all(
    ['racer-a', 'racer-b'].map(async (name, i) => {
      const { page } = await accounts.guest({ emailPrefix: name });
      await page.goto('/');
      await page.getByLabel('Name').fill(`Racer ${i + 1}`);
      await page.getByLabel('Phone Number').fill('5550100199');
      await page.getByLabel('Date').fill(date);
      await page.getByLabel('Number of Guests').selectOption('2');
      await page.getByRole('button', { name: '5:30 PM' }).click();
      return page;
    }),
  );
  await Promise.all(guests.map((page) => page.getByRole('button', { name: 'Reserve' }).click()));

  const outcome = async (page: Page) => {
    const confirmed = page.getByRole('region', { name: 'Your reservation is confirmed' });
    const refused = page.getByText('That time slot has been booked. Please refresh the page.');
    await expect(confirmed.or(refused)).toBeVisible();
    return (await confirmed.isVisible()) ? 'booked' : 'refused';
  };
  const outcomes = await Promise.all(guests.map(outcome));
  expect([...outcomes].sort()).toEqual(['booked', 'refused']);
  const loser = guests[outcomes.indexOf('refused')]!;
  // The message has the focus (and so is in view); the lost time is no longer chosen, so Reserve waits for
  // another.
  await expect(loser.locator(':focus')).toContainText('That time slot has been booked. Please refresh the page.');
  await expect(loser.getByRole('button', { name: 'Reserve' })).toBeDisabled();
  await expect(loser.locator('button[aria-pressed="true"]', { hasText: /PM$/ })).toHaveCount(0);
  await expect(loser.getByLabel('Name')).toHaveValue(/Racer [12]/);
  await expect(loser.getByLabel('Phone Number')).toHaveValue('555-010-0199');
  await expect(loser.getByLabel('Date')).toHaveValue(date);
});

test('works at 360 px wide: nothing overflows sideways', async ({ page, accounts }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/auth/signin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow(), '/auth/signin').toBeLessThanOrEqual(0);

  await accounts.guest({ page });
  await page.goto('/');
  await fillBooking(page, openDate(8), '2');
  await page.getByRole('button', { name: '5:00 PM' }).click();
  expect(await overflow(), '/').toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Reserve' }).click();
  await expect(page.getByRole('region', { name: 'Your reservation is confirmed' })).toBeVisible();
  expect(await overflow(), 'confirmation').toBeLessThanOrEqual(0);
  await page.goto('/my-reservations');
  await expect(page.getByRole('article')).toHaveCount(1);
  expect(await overflow(), '/my-reservations').toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Menu' }).click();
  expect(await overflow(), 'menu').toBeLessThanOrEqual(0);
});

// The budget of the issue that built this page: at most 100 kB of JavaScript, gzipped, on the first load of /
// for a signed-in guest. Weighed here as `npm run bench` weighs it (each script gzip -9), so a change that
// breaks the budget fails the tests instead of waiting for the next bench run.
test('the booking page loads at most 100 kB of JavaScript gzipped', async ({ guest: { page } }) => {
  const scripts: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
    }
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Make a Reservation' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(scripts);
  expect(sizes.length).toBeGreaterThan(0);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  // The figure itself, for the notes: how much room the budget has left.
  console.log(`first load of /: ${total} bytes of JavaScript gzipped in ${sizes.length} scripts`);
  expect(total).toBeLessThanOrEqual(100_000);
});
