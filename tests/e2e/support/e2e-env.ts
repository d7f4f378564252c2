import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { addDays, weekdayOf } from '../../../src/booking/booking-window';
import { todayIn } from '../../../src/booking/calendar';
import { actionLinkOf, waitForEmail } from '../../support/outbox';

export const OUTBOX = resolve('test-results/e2e-outbox');
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;
export const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' };

let counter = 0;
/** A fresh address per call, so tests never share an account. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

/** The path (with query) of the account-action link in the latest matching email. */
export async function actionPathFromEmail(to: string, subject: RegExp, nth = 1): Promise<string> {
  const { url } = actionLinkOf(await waitForEmail(OUTBOX, to, subject, nth));
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** Creates an account through the API (as the sign-up form does) and leaves the page signed in. */
export async function signUpViaApi(page: Page, email: string, password: string) {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password, name: email.split('@')[0] },
    headers: { origin: BASE_URL },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
}

/** Signs the page's context in through the API (as the sign-in form does). */
export async function signInViaApi(page: Page, email: string, password: string) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: BASE_URL },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

/** Books through the API (as the booking form does); fields not given are Ann's party of two at a table. */
export function bookViaApi(
  page: Page,
  booking: { reservationDate: string; startTime: number; reminderEmail: string } & Record<string, unknown>,
) {
  return page.request.post('/api/reservations', {
    headers: { origin: BASE_URL },
    data: { name: 'Ann Guest', phoneNumber: '5550100199', partySize: 2, seatType: 'table', ...booking },
  });
}

/** The first open day (Tuesday to Sunday) at least `daysAhead` days after the restaurant's today. */
export function openDate(daysAhead: number): string {
  let date = addDays(todayIn('America/Los_Angeles'), daysAhead);
  while (weekdayOf(date) === 1) date = addDays(date, 1);
  return date;
}

/**
 * A date the e2e server's restaurant is closed (an extra closed date in its config, tests/e2e/support/serve.ts),
 * well inside the guests' window and apart from every date the other tests book.
 */
export const closedDate = () => openDate(58);
