// What the server deliberately tells the browser about the restaurant, embedded in index.html at serve time
// (see src/server/http/spa.ts). Nothing secret belongs here.
export interface PublicConfig {
  restaurantName: string;
  phone: string;
  address: string;
  links: { label: string; url: string }[];
  timeZone: string;
  googleSignIn: boolean;
}

export const PUBLIC_CONFIG_ELEMENT_ID = 'app-config';
