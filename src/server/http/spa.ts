import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Env, Hono } from 'hono';
import { guestMaxParty } from '../../booking/party-size';
import { closedWeekdays, type RestaurantSettings } from '../../booking/restaurant-settings';
import { openDaysHint } from '../../booking/weekdays';
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '../../shared/public-config';
import { siteIconFor } from '../../shared/site-icons';
import type { AppConfig } from '../config';

export function publicConfig(config: AppConfig, settings: RestaurantSettings): PublicConfig {
  const { details, hours, rules } = settings;
  return {
    restaurantName: details.name,
    phone: details.phone,
    address: details.address,
    links: details.links.map((link) => ({ ...link, icon: siteIconFor(link) })),
    timeZone: config.restaurant.timeZone,
    closedWeekdays: closedWeekdays(hours),
    openDaysHint: openDaysHint(closedWeekdays(hours)),
    guestDaysAhead: rules.guestDaysAhead,
    guestMaxParty: guestMaxParty(rules),
    googleSignIn: config.google !== undefined,
    retentionDays: config.retentionDays,
  };
}

/** A JSON data block (not a script CSP must allow) the client reads at start, saving a round trip. */
export function renderPublicConfigTag(config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${json}</script>`;
}

export const PUBLIC_CONFIG_PLACEHOLDER = '<!--public-config-->';

/**
 * Serves the built client: hashed assets with a year of cache (precompressed .br/.gz when the browser takes
 * them), and index.html for every other GET so deep links and the SPA's own 404 page work.
 */
export function mountClient<E extends Env>(
  app: Hono<E>,
  config: AppConfig,
  /** The owner's settings as this instance has them now (settings/live-settings.ts). */
  settings: { current(): RestaurantSettings },
  clientDir: string,
): boolean {
  const indexFile = join(clientDir, 'index.html');
  if (!existsSync(indexFile)) return false;

  const template = readFileSync(indexFile, 'utf8');
  // index.html carries the settings as they are: compressed once per version of the settings, not per request.
  let rendered: { version: number; br: Buffer; gzip: Buffer; identity: Buffer } | undefined;
  const indexFor = (current: RestaurantSettings) => {
    if (rendered?.version !== current.version) {
      const html = template.replace(PUBLIC_CONFIG_PLACEHOLDER, renderPublicConfigTag(publicConfig(config, current)));
      rendered = {
        version: current.version,
        br: brotliCompressSync(html),
        gzip: gzipSync(html),
        identity: Buffer.from(html),
      };
    }
    return rendered;
  };

  const sendIndex = (c: Context) => {
    const encoded = indexFor(settings.current());
    const accepts = c.req.header('accept-encoding') ?? '';
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
    c.header('Content-Type', 'text/html; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') c.header('Content-Encoding', encoding);
    return c.body(new Uint8Array(encoded[encoding]));
  };
  // index.html always goes through sendIndex, which carries the public config.
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  app.use(
    '/assets/*',
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  // A hashed file that is not there (asked for by a page opened before the last deploy) is a 404, never the
  // app's HTML, which the browser would refuse as a script; the page then loads the new build.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.use(
    '*',
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600'),
    }),
  );
  // Every address gets the app, whose router matches exactly (SPEC section 2: a trailing slash is another path, and
  // shows the 404 page). Extra leading slashes alone are taken off, by a redirect that keeps the query: a page at
  // '//evil.example' would make its relative links read as another site.
  app.get('*', (c) => {
    const { pathname, search } = new URL(c.req.url);
    const single = `/${pathname.replace(/^\/+/, '')}`;
    return single === pathname ? sendIndex(c) : c.redirect(`${single}${search}`, 301);
  });
  return true;
}
