import type { AppConfig } from '../config';

/**
 * Which origins may send state-changing requests (a page elsewhere must not act with a guest's cookies). With
 * PUBLIC_URL set, only that address (and the Vite dev server under `npm run dev`). Without it, the app answers
 * wherever it is reached, http://localhost:3000, http://127.0.0.1:3000 or a tablet at the machine's network
 * address: a request is accepted when its Origin is the very host it was sent to (the Host header), which no
 * other site's page can send with the guest's cookies.
 */
export function createOriginPolicy(config: Pick<AppConfig, 'publicUrl' | 'publicUrlConfigured' | 'devClientOrigin'>) {
  const fixed = [config.publicUrl, ...(config.devClientOrigin ? [config.devClientOrigin] : [])];

  /** The origins trusted for a request that reached us with this Host header. */
  const trustedFor = (host: string | null | undefined): string[] =>
    !config.publicUrlConfigured && host && /^[\w.:[\]-]+$/.test(host)
      ? [...fixed, `http://${host}`, `https://${host}`]
      : fixed;

  return {
    trustedFor,
    allows: (origin: string, host: string | null | undefined) => trustedFor(host).includes(origin),
    /** What a refused request is told: where the app is to be opened, when PUBLIC_URL says so. */
    refusal: config.publicUrlConfigured
      ? `This app's address is ${config.publicUrl}. Please open it there and try again.`
      : 'Cross-site requests are not allowed.',
  };
}

export type OriginPolicy = ReturnType<typeof createOriginPolicy>;
