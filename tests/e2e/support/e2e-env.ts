import { resolve } from 'node:path';
import { addDays, todayIn, weekdayOf } from '../../../src/booking/calendar';
import { actionLinkOf, waitForEmail } from '../../support/outbox';
import { OWNER } from '../../support/owner';

export const OUTBOX = resolve('test-results/e2e-outbox');
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`;
/** The admin whose account the e2e server creates at start: the test servers' owner. */
export const ADMIN = OWNER;

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

/** The first open day (Tuesday to Sunday) at least `daysAhead` days after the restaurant's today. */
export function openDate(daysAhead: number): string {
  let date = addDays(todayIn('America/Los_Angeles'), daysAhead);
  while (weekdayOf(date) === 1) date = addDays(date, 1);
  return date;
}

/**
 * A date the e2e server's restaurant is closed (an extra closed date in its config, tests/e2e/support/serve.ts),
 * well inside the guests' window and apart from every date the other tests book. Chosen once, when Playwright
 * reads its config, and handed to the server and every worker alike: computed again later, it moved a day when a
 * run crossed midnight in the restaurant's zone, and the test asked about a date the server had open.
 */
export const closedDate = () => {
  process.env.E2E_CLOSED_DATE ??= openDate(58);
  return process.env.E2E_CLOSED_DATE;
};
