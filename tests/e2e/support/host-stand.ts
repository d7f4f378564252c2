import type { Browser, Page } from '@playwright/test';
import { ADMIN } from './e2e-env';
import { expect } from './fixtures';

// The host stand's e2e (host-stand.spec.ts, walk-ins.spec.ts): an admin in a browser of its own, on a day's live view.

/** An admin, signed in, in a browser of its own at the project's screen: a phone, or a tablet in landscape. */
export async function signedInAdmin(appUrl: string, browser: Browser, isMobile: boolean): Promise<Page> {
  const context = await browser.newContext(
    isMobile ? { viewport: { width: 390, height: 844 }, isMobile: true } : { viewport: { width: 1024, height: 768 } },
  );
  const page = await context.newPage();
  const response = await page.request.post(`${appUrl}/api/auth/sign-in/email`, {
    data: { email: ADMIN.email, password: ADMIN.password },
    headers: { origin: appUrl },
  });
  expect(response.ok()).toBe(true);
  return page;
}

/** The admin's date view of `date`, once its list is live. */
export async function openLiveDay(appUrl: string, page: Page, date: string) {
  await page.goto(`${appUrl}/admin?date=${date}`);
  await expect(page.getByText('Live: changes appear as they happen')).toBeVisible();
}
