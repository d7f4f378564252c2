// Small logos for the restaurant's pages elsewhere (config/restaurant.json "links"), drawn here as simple
// outlines on a 24-unit grid: one path each, stroked in the text colour. A site not listed gets the globe.

/** Circle of radius r around (x, y), as path commands. */
const circle = (x: number, y: number, r: number) =>
  `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

const ICONS = {
  instagram: `M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5z${circle(12, 12, 4)}M17.5 6.5h0`,
  facebook: `${circle(12, 12, 9)}M15 8h-1.5a2.5 2.5 0 0 0-2.5 2.5V21M8.5 13h6`,
  x: 'M4 4h4.5L20 20h-4.5zM20 4l-6.5 7M4 20l6.5-7',
  yelp: 'M12 3v8l-7-2M12 11l7-2M12 11l-4.5 7M12 11l4.5 7',
  tiktok: `M14 3v12a4 4 0 1 1-4-4M14 3a5 5 0 0 0 5 5`,
  youtube: 'M7 5h10a5 5 0 0 1 5 5v4a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5v-4a5 5 0 0 1 5-5zM10 9l5 3-5 3z',
  tripadvisor: `${circle(7, 14, 3.5)}${circle(17, 14, 3.5)}M3 9c5-4 13-4 18 0`,
  map: `M12 21s7-6 7-11a7 7 0 0 0-14 0c0 5 7 11 7 11z${circle(12, 10, 2.5)}`,
  globe: `${circle(12, 12, 9)}M3 12h18M12 3c3.5 3.5 3.5 14.5 0 18M12 3c-3.5 3.5-3.5 14.5 0 18`,
};

export type SiteIcon = keyof typeof ICONS;

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

/** The logo's outline, as an SVG path on a 24 by 24 grid. */
export const sitePath = (icon: SiteIcon) => ICONS[icon];
