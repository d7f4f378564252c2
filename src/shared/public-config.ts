// What the server deliberately tells the browser about the restaurant, embedded in index.html at serve time
// (see src/server/http/spa.ts), from the owner's settings as they are when the page is loaded. Nothing secret
// belongs here. The server checks every booking against the settings themselves; a page opened before a change
// learns of it from the server's answers, and everything else on its next load.
import type { SiteIcon } from './site-icons';

export interface PublicConfig {
  restaurantName: string;
  phone: string;
  address: string;
  /** The restaurant's pages elsewhere, each with the logo the footer draws for it. */
  links: { label: string; url: string; icon: SiteIcon }[];
  timeZone: string;
  /** Weekdays the restaurant does not open, 0 Sunday to 6 Saturday. */
  closedWeekdays: number[];
  /** Which days it opens, in words, for the date field: "We are open Tuesday to Sunday." (said by the server). */
  openDaysHint: string;
  /** Guests book from tomorrow up to this many days ahead. */
  guestDaysAhead: number;
  /** The largest party guests book online (6, or the owner's cap on guests per seating when lower). */
  guestMaxParty: number;
  googleSignIn: boolean;
  /** Reservations older than this many days lose the guest's personal data (the privacy policy says so). */
  retentionDays: number;
}

export const PUBLIC_CONFIG_ELEMENT_ID = 'app-config';
