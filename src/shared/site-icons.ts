// Which logo each of the restaurant's pages elsewhere (the owner's details, "links") shows in the footer. The
// server picks it when it embeds the public config, so the page carries no code for it; the drawings are CSS
// (src/client/styles.css, .site-icon-<name>), so they cost the first load no JavaScript and need no loading.

/** The logos there are a drawing for; a site not listed gets the globe. */
export const SITE_ICONS = [
  'instagram',
  'facebook',
  'x',
  'yelp',
  'tiktok',
  'youtube',
  'tripadvisor',
  'map',
  'globe',
] as const;

export type SiteIcon = (typeof SITE_ICONS)[number];

// Which words in a link's host (or, failing that, its label) name which site.
const SITES: [RegExp, SiteIcon][] = [
  [/instagram|instagr\.am/, 'instagram'],
  [/facebook|fb\.com|fb\.me/, 'facebook'],
  [/twitter|(^|\.)x\.com$|^x$/, 'x'],
  [/yelp/, 'yelp'],
  [/tiktok/, 'tiktok'],
  [/youtube|youtu\.be/, 'youtube'],
  [/tripadvisor/, 'tripadvisor'],
  [/maps|goo\.gl|(^|\s)map(\s|$)/, 'map'],
];

/** The logo for a link: by the site its address is on, else by its label, else the globe. */
export function siteIconFor(link: { label: string; url: string }): SiteIcon {
  let host = '';
  try {
    host = new URL(link.url).hostname.toLowerCase();
  } catch {
    // Not an address the config would accept; the label may still say which site.
  }
  const label = link.label.trim().toLowerCase();
  for (const text of [host, label]) {
    const found = SITES.find(([pattern]) => pattern.test(text));
    if (found) return found[1];
  }
  return 'globe';
}
