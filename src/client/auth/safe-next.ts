/**
 * The `next` query parameter, if it is a path on this site; otherwise '/'. Never an open redirect:
 * '//evil.example', '/\\evil.example' and absolute URLs are refused.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  try {
    const url = new URL(next, 'http://same.site');
    if (url.origin !== 'http://same.site') return '/';
    // Dot segments can resolve to a path that starts with '//' ('/.//evil.example'), which a browser reads
    // as another host.
    if (url.pathname.startsWith('//')) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** The sign-in page's address that comes back to `next` afterwards, with an optional info message. */
export function signInPath(next: string, message?: string): string {
  const params = new URLSearchParams({ next });
  if (message) params.set('message', message);
  return `/auth/signin?${params.toString()}`;
}
