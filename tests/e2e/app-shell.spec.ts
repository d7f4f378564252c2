import { readdirSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/fixtures';

/** The built chunk holding the legal page: chunks are named by their hash, so it is found by what it says. */
const legalPageChunk = () => {
  const file = readdirSync('dist/client/assets').find(
    (name) => name.endsWith('.js') && readFileSync(`dist/client/assets/${name}`, 'utf8').includes('Legal documents'),
  );
  if (!file) throw new Error('no built chunk holds the legal page: is the client built?');
  return file;
};

const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'America/Los_Angeles' });

test.describe('app shell', () => {
  test('header and footer carry the navigation, legal links and the sign-in link', async ({ page, isMobile }) => {
    await page.goto('/legal/terms-of-service');
    const header = page.getByRole('banner');
    if (isMobile) {
      await header.getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await expect(menu.getByRole('link', { name: 'Make Reservation' })).toHaveAttribute('href', '/');
      await expect(menu.getByRole('link', { name: 'My Reservations' })).toHaveAttribute('href', '/my-reservations');
      await expect(menu.getByRole('link', { name: /Call Us/ })).toHaveAttribute('href', /^tel:\+?\d+$/);
      await expect(menu.getByRole('link', { name: 'Sign in' })).toBeVisible();
      // It closes on Escape, and on a tap outside the header.
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await header.getByRole('button', { name: 'Menu' }).click();
      await expect(menu).toBeVisible();
      await page.getByRole('main').click({ position: { x: 10, y: 10 } });
      await expect(menu).toHaveCount(0);
    } else {
      const nav = header.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Make Reservation' })).toHaveAttribute('href', '/');
      await expect(nav.getByRole('link', { name: 'My Reservations' })).toHaveAttribute('href', '/my-reservations');
      await expect(nav.getByRole('link', { name: 'Sign in' })).toBeVisible();
    }
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/legal/terms-of-service',
    );
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/legal/privacy-policy');
    await expect(footer.getByRole('link', { name: 'Make Reservation' })).toBeVisible();
    // The account block is only for signed-in visitors.
    await expect(footer.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  });

  test("a signed-in guest's footer holds Settings and Admin; Admin denies them and sends them home", async ({
    guest: { page },
  }) => {
    await page.goto('/privacy');
    const account = page.getByRole('contentinfo').getByRole('navigation', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings/general');
    await expect(account.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    await account.getByRole('link', { name: 'Admin' }).click();
    await expect(page.getByRole('alert')).toHaveText('Access Denied: Admin privileges required');
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/, { timeout: 6000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Make a Reservation' })).toBeVisible();
  });

  test('legal page: two tabs, the active one marked, and unknown sections fall back to the terms', async ({ page }) => {
    await page.goto('/legal/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Legal' })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'Legal documents' });
    await expect(tabs.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(/under (the age of )?13/i).first()).toBeVisible();
    await expect(page.getByText(`Last updated: ${longDate(new Date())}`)).toBeVisible();

    await tabs.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/legal\/terms-of-service$/);
    await expect(tabs.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(/24 hours/).first()).toBeVisible();

    await page.goto('/legal/anything-else');
    await expect(
      page.getByRole('navigation', { name: 'Legal documents' }).getByRole('link', { name: 'Terms of Service' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(/24 hours/).first()).toBeVisible();
  });

  test('privacy page stands alone with today as Last updated', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText(`Last updated: ${longDate(new Date())}`)).toBeVisible();
    await expect(page.getByText(/morning of your reservation/i).first()).toBeVisible();
  });

  test('unknown paths show the 404 text, also on a deep-link reload', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expect(page.getByText('The page /no/such/page could not be found')).toBeVisible();
    await page.reload();
    await expect(page.getByText('The page /no/such/page could not be found')).toBeVisible();
  });

  test('scrolls to the top on every path change', async ({ page }) => {
    await page.goto('/legal/terms-of-service');
    await expect(page.getByText(/24 hours/).first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/privacy-policy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('scrolls to the top when Back and Forward change the path', async ({ page }) => {
    const scrollY = () => page.evaluate(() => window.scrollY);
    const scrollToBottom = async () => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(scrollY).toBeGreaterThan(100);
    };
    await page.goto('/legal/terms-of-service');
    await expect(page.getByText(/24 hours/).first()).toBeVisible();
    await scrollToBottom();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/privacy-policy$/);
    await expect.poll(scrollY).toBe(0);
    await scrollToBottom();

    await page.goBack();
    await expect(page).toHaveURL(/terms-of-service$/);
    await expect(page.getByText(/24 hours/).first()).toBeVisible();
    // Held a moment: the browser's own restoration would land after the page's first scroll.
    await page.waitForTimeout(300);
    expect(await scrollY()).toBe(0);
    await scrollToBottom();

    await page.goForward();
    await expect(page).toHaveURL(/privacy-policy$/);
    await page.waitForTimeout(300);
    expect(await scrollY()).toBe(0);
  });

  test('routes match exactly: other letter cases and trailing slashes are not found', async ({ page }) => {
    for (const path of [
      '/My-Reservations',
      '/ADMIN',
      '/Privacy',
      '/Legal/terms-of-service',
      '/Auth/signin',
      '/admin/',
      '/my-reservations/',
      '/legal/privacy-policy/',
    ]) {
      await page.goto(path);
      await expect(page.getByText(`The page ${path} could not be found`), path).toBeVisible();
    }
    // The app's own links never end in a slash: the 404 page's way home works.
    await page.goto('/auth/signin/?next=%2Fprivacy');
    await expect(page.getByText('The page /auth/signin/ could not be found')).toBeVisible();
  });

  test('the footer shows the restaurant elsewhere as named logo links', async ({ page }) => {
    await page.goto('/privacy');
    const elsewhere = page.getByRole('contentinfo').getByRole('list', { name: 'Find us elsewhere' });
    await elsewhere.scrollIntoViewIfNeeded();
    // config/restaurant.json lists Instagram and Yelp.
    for (const [name, url] of [
      ['Instagram', 'https://www.instagram.com/'],
      ['Yelp', 'https://www.yelp.com/'],
    ] as const) {
      const link = elsewhere.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', url);
      // A logo, not the word: the name is for screen readers, the picture for the eye. The picture is the site's
      // drawing from the stylesheet, masking the link's colour.
      const logo = link.locator('.site-icon');
      await expect(logo).toBeVisible();
      expect(await logo.evaluate((icon) => getComputedStyle(icon).maskImage)).toContain('data:image/svg+xml');
      expect(await logo.evaluate((icon) => getComputedStyle(icon).backgroundColor)).toBe(
        await link.evaluate((anchor) => getComputedStyle(anchor).color),
      );
      await expect(link).not.toContainText(name);
      const box = await link.boundingBox();
      // A target a thumb can hit.
      expect(box!.width).toBeGreaterThanOrEqual(24);
      expect(box!.height).toBeGreaterThanOrEqual(24);
    }
    await expect(elsewhere.getByRole('link')).toHaveCount(2);
    // The footer's logo is a link too, to the restaurant's first page elsewhere (SPEC section 2, Footer).
    const logo = page.getByRole('contentinfo').getByRole('link', { name: 'Umi Sushi on Instagram' });
    await expect(logo).toHaveAttribute('href', 'https://www.instagram.com/');
    await expect(logo).toHaveAttribute('target', '_blank');
    await expect(logo).toContainText('Umi Sushi');
    const results = await new AxeBuilder({ page }).include('footer').analyze();
    expect(results.violations).toEqual([]);
  });

  test('serves hashed assets compressed with a long cache, and the page passes axe', async ({ page, request }) => {
    await page.goto('/legal/terms-of-service');
    const script = await page.locator('script[type="module"]').first().getAttribute('src');
    expect(script).toMatch(/^\/assets\//);
    const asset = await request.get(script!, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.headers()['content-encoding']).toBe('br');
    expect(asset.headers()['cache-control']).toContain('immutable');

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });

  test('after a deploy: a missing page chunk is a 404, the page reloads once, then says what went wrong', async ({
    page,
    request,
  }) => {
    const missing = await request.get('/assets/page-from-an-older-build-Abc123.js');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).not.toContain('text/html');

    // This page was opened before a deploy: the legal page's chunk is gone from the server.
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.route(`**/assets/${legalPageChunk()}`, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    let loads = 0;
    page.on('load', () => loads++);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    // It loads the new build (here the chunk is still missing, so the page then says so, with a way out).
    await expect(page.getByRole('alert')).toContainText('Something went wrong showing this page.');
    expect(loads).toBe(1);
    await expect(page.getByRole('banner')).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Make Reservation' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
