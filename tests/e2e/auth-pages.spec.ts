import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/fixtures';

// The auth page's addresses and its sign-in failures, on both screen sizes.

test('the auth page reads its type from the query as well as from the path', async ({ page, accounts }) => {
  const heading = page.getByRole('heading', { level: 1 });
  for (const [path, title] of [
    ['/auth?type=forgotpass', 'Reset your password'],
    ['/auth?type=signin', 'Sign in'],
    ['/auth?type=signup', 'Create an account'],
    ['/auth?type=nonsense', 'Create an account'],
    ['/auth', 'Create an account'],
    // The path keeps working, and says which page it is when both do.
    ['/auth/forgotpass', 'Reset your password'],
    ['/auth/signin?type=signup', 'Sign in'],
  ] as const) {
    await page.goto(path);
    await expect(heading, path).toHaveText(title);
  }

  // The sign-in page from the query keeps its other parameters.
  await page.goto('/auth?type=signin&message=Please%20sign%20in%20to%20continue');
  await expect(page.getByRole('status').filter({ hasText: 'Please sign in to continue' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // Changing the password needs a signed-in guest, who then sees the form.
  await page.goto('/auth?type=changepass');
  await expect(page).toHaveURL(/\/auth\/signin\?next=%2Fauth%3Ftype%3Dchangepass$/);
  await accounts.guest({ page });
  await page.goto('/auth?type=changepass');
  await expect(heading).toHaveText('Change your password');
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  // A signed-in guest on the sign-in page is sent where signing in leads, whichever way it was named.
  await page.goto('/auth?type=signin&next=%2Fprivacy');
  await expect(page).toHaveURL(/\/privacy$/);
});

test('a failed sign-in, with Google sign-in off, says so without pointing to a Google button', async ({
  page,
  guest,
}) => {
  await page.context().clearCookies();
  await page.goto('/auth/signin');
  // This server has no Google sign-in configured.
  await expect(page.getByRole('button', { name: /Google/ })).toHaveCount(0);

  await page.getByLabel('Email').fill(guest.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Invalid email or password.');
  await expect(page.getByText(/Google/)).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);

  // A new attempt replaces the old message: here the form's own check answers, and nothing else is shown.
  await page.getByLabel('Password').fill('');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please enter a password')).toBeVisible();
  await expect(page.getByText('Invalid email or password.')).toHaveCount(0);

  // Wrong again: one message, shown afresh.
  await page.getByLabel('Password').fill('still-not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page.getByRole('alert')).toHaveCount(1);

  await page.getByLabel('Password').fill(guest.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
});
