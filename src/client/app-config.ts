import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '../shared/public-config';

// The server embeds the restaurant's public details in index.html; read them once at start.
function readPublicConfig(): PublicConfig {
  const element = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID);
  if (!element?.textContent)
    throw new Error('index.html carries no public config: is the page served by the app server?');
  return JSON.parse(element.textContent) as PublicConfig;
}

export const appConfig: PublicConfig = readPublicConfig();

/** tel: links need digits (and a leading +) only. */
export const phoneHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
