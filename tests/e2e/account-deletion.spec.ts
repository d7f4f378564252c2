import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/fixtures';
import { openDate } from './support/e2e-env';

// Issue 15.15: Settings offers Delete account: the password asked again, the upcoming reservations it will
// cancel listed first, then the account gone. On a phone and on a desktop.

test('a guest deletes the account from Settings: asked for the password, told what it cancels', async ({
  page,
  guest,
}) => {
  const date = openDate(6);
  expect((await guest.book({ reservationDate: date, startTime: 1900 })).status()).toBe(201);

  await page.goto('/settings/general');
  await page.getByRole('button', { name: 'Delete account…' }).click();
  const form = page.getByRole('form', { name: 'Delete account' });
  await expect(form.getByText('These upcoming reservations will be cancelled:')).toBeVisible();
  await expect(form.getByRole('listitem')).toHaveCount(1);
  await expect(form.getByRole('listitem')).toContainText('7:00 PM - 8:30 PM, 2 people');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Keeping it closes the form and gives the focus back.
  await form.getByRole('button', { name: 'Keep my account' }).click();
  await expect(page.getByRole('button', { name: 'Delete account…' })).toBeFocused();
  await page.getByRole('button', { name: 'Delete account…' }).click();

  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Please enter your password')).toBeVisible();
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('form', { name: 'Delete account' }).getByRole('alert')).toBeVisible();
  await page.getByLabel('Password').fill(guest.password);
  await page.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL(/\/auth\/signin/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  expect(await (await page.request.get('/api/session')).json()).toEqual({ user: null });
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: guest.email, password: guest.password },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(signIn.status()).toBe(401);
});

test("the admin's Settings say the admin account cannot be deleted", async ({ admin: { page } }) => {
  await page.goto('/settings/general');
  await expect(page.getByText('The admin account runs the reservation book and cannot be deleted.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete account…' })).toHaveCount(0);
});
