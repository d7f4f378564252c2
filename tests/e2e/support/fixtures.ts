import { test as base } from '@playwright/test';

/**
 * Every test is its own client, as if behind the restaurant's proxy: the e2e server trusts X-Forwarded-For
 * (TRUST_PROXY=true), and each test sends a different address, so the per-client sign-in and sign-up rate
 * limits apply per test as they would per guest.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const n =
      testInfo.workerIndex * 1000 +
      testInfo.testId.split('').reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 65000, 7);
    await use({ 'x-forwarded-for': `10.${(n >> 8) & 255}.${n & 255}.${testInfo.retry + 1}` });
  },
});

export { expect } from '@playwright/test';
