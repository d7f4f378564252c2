// What the server deliberately tells the browser about the restaurant, embedded in index.html at serve time
// (see src/server/http/spa.ts). Nothing secret belongs here.
export interface PublicConfig {
  restaurantName: string;
  phone: string;
  address: string;
  links: { label: string; url: string }[];
  timeZone: string;
  googleSignIn: boolean;
  /** Reservations older than this many days lose the guest's personal data (the privacy policy says so). */
  retentionDays: number;
}

export const PUBLIC_CONFIG_ELEMENT_ID = 'app-config';
