import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createTestDatabase } from '../tests/support/test-database';
import { CHROMIUM, CHROMIUM_FLAGS, percentile, signedInAdmin, signedUpGuest, withApp, type Figure } from './support';

// The front end as served by the real server (node dist/server/index.js, production build):
// - first-load JavaScript: every script Chromium fetches while opening the page, until no new script has
//   been requested for QUIET_MS (lazy route chunks and anything the page imports on mount included; chunks
//   loaded later on interaction, or by another page, are not), each weighed gzip -9 as the build's .gz files;
// - Lighthouse's default mobile run (emulated phone, simulated slow 4G, 4x CPU slowdown), median of RUNS.

const QUIET_MS = 1500;
const RUNS = 5;

interface FirstLoad {
  /** Each script's path and gzip -9 size. */
  files: { path: string; gzip: number }[];
  gzipBytes: number;
  wireBytes: number;
  scripts: number;
  finalPath: string;
}

async function firstLoadJs(browser: Browser, url: string, cookie?: string): Promise<FirstLoad> {
  const context = await browser.newContext();
  try {
    if (cookie) {
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const [name, ...value] = pair.split('=');
          return { name: name!, value: value.join('='), url: new URL(url).origin };
        }),
      );
    }
    const page = await context.newPage();
    let lastScriptAt = performance.now();
    const weighed: Promise<{ path: string; gzip: number; wire: number }>[] = [];
    const failed: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') lastScriptAt = performance.now();
    });
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      if (!response.ok()) return void failed.push(`${response.url()} answered ${response.status()}`);
      weighed.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          const path = new URL(response.url()).pathname;
          return { path, gzip: gzipSync(body, { level: 9 }).length, wire: sizes.responseBodySize };
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'load' });
    while (performance.now() - lastScriptAt < QUIET_MS) await page.waitForTimeout(100);
    if (failed.length) throw new Error(failed.join('; '));
    const sizes = await Promise.all(weighed);
    return {
      files: sizes.map(({ path, gzip }) => ({ path, gzip })),
      gzipBytes: sizes.reduce((sum, size) => sum + size.gzip, 0),
      wireBytes: sizes.reduce((sum, size) => sum + size.wire, 0),
      scripts: sizes.length,
      finalPath: new URL(page.url()).pathname,
    };
  } finally {
    await context.close();
  }
}

type Scores = { performance: number; accessibility: number; metrics: { fcp: number; lcp: number; tbt: number } };

async function lighthouseRun(url: string, cookie?: string): Promise<Scores | { error: string }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    });
    if (!result) return { error: 'Lighthouse returned nothing' };
    const { audits, categories, finalDisplayedUrl, runtimeError } = result.lhr;
    if (runtimeError) return { error: `${runtimeError.code}: ${runtimeError.message}` };
    if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`Lighthouse on ${url} ended on ${finalDisplayedUrl}: not the page meant`);
    }
    const ms = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      // The simulated metrics behind the score, to tell what moves it.
      metrics: {
        fcp: ms('first-contentful-paint'),
        lcp: ms('largest-contentful-paint'),
        tbt: ms('total-blocking-time'),
      },
    };
  } finally {
    chrome.kill();
  }
}

/**
 * One Lighthouse result. Lighthouse now and then fails to record a trace (NO_NAVSTART) and says to run it
 * again; such a run gives no score, so it is retried (and counted in the note), never scored as zero.
 */
async function lighthouseScores(url: string, cookie?: string): Promise<Scores & { retries: number }> {
  const errors: string[] = [];
  while (errors.length < 3) {
    const result = await lighthouseRun(url, cookie);
    if (!('error' in result)) return { ...result, retries: errors.length };
    errors.push(result.error);
  }
  throw new Error(`Lighthouse on ${url} failed 3 times: ${errors.join('; ')}`);
}

export async function benchFrontEnd(): Promise<Figure[]> {
  return withApp(await createTestDatabase(undefined), async (app) => {
    const section = 'Front end (production build served by the app)';
    const figures: Figure[] = [];
    const guestCookie = (await signedUpGuest(app.url, 'front-end@bench.example')).cookieHeader();
    const adminCookie = (await signedInAdmin(app.url)).cookieHeader();

    // A signed-out visitor of / is sent to sign in, so / is weighed as a signed-in guest gets it.
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.slice(1) });
    try {
      const pages = [
        { label: '/ (signed-in guest)', path: '/', cookie: guestCookie, target: 100 },
        { label: '/admin (admin)', path: '/admin', cookie: adminCookie },
        { label: '/auth/signin (signed out)', path: '/auth/signin' },
      ];
      for (const page of pages) {
        const load = await firstLoadJs(browser, `${app.url}${page.path}`, page.cookie);
        if (load.finalPath !== page.path) throw new Error(`${page.path} ended on ${load.finalPath}`);
        const kb = load.gzipBytes / 1000;
        const list = load.files.map((file) => `${file.path.replace('/assets/', '')} ${(file.gzip / 1000).toFixed(1)}`);
        console.log(`  ${page.path}: ${list.join(', ')} (kB gzip)`);
        figures.push({
          section,
          name: `first-load JS of ${page.label}, gzip`,
          value: kb,
          unit: 'kB',
          ...(page.target ? { target: `<= ${page.target} kB`, met: kb <= page.target } : {}),
          note:
            `${(load.gzipBytes / 1024).toFixed(1)} KiB; ${load.scripts} scripts; ` +
            `${(load.wireBytes / 1000).toFixed(1)} kB on the wire (brotli)`,
        });
      }
    } finally {
      await browser.close();
    }

    const audited = [
      { label: '/ (signed-in guest)', url: `${app.url}/`, cookie: guestCookie },
      { label: '/auth/signin', url: `${app.url}/auth/signin` },
    ];
    for (const page of audited) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await lighthouseScores(page.url, page.cookie));
      const performance = runs.map((r) => r.performance).sort((a, b) => a - b);
      const medianRun = runs.find((r) => r.performance === percentile(performance, 50))!;
      const retries = runs.reduce((sum, r) => sum + r.retries, 0);
      const accessibility = runs.map((r) => r.accessibility).sort((a, b) => a - b);
      const median = (sorted: number[]) => percentile(sorted, 50);
      figures.push(
        {
          section,
          name: `Lighthouse performance ${page.label}`,
          value: median(performance),
          unit: '',
          target: '>= 95',
          met: median(performance) >= 95,
          note:
            `median of ${RUNS}: ${performance.join(', ')}; that run: FCP ${medianRun.metrics.fcp} ms, ` +
            `LCP ${medianRun.metrics.lcp} ms, TBT ${medianRun.metrics.tbt} ms` +
            (retries ? `; ${retries} failed runs (no trace) retried` : ''),
        },
        {
          section,
          name: `Lighthouse accessibility ${page.label}`,
          value: median(accessibility),
          unit: '',
          target: '100',
          met: median(accessibility) === 100,
          note: `median of ${RUNS}: ${accessibility.join(', ')}`,
        },
      );
    }
    return figures;
  });
}
