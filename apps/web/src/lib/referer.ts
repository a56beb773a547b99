// The guard's referer round trip (spec §2): /auth/login?referer=<full current address, URL-encoded>.

export const DEFAULT_APP_PATH = '/app/devices/';

export function loginPathFor(currentHref: string): string {
  return `/auth/login?referer=${encodeURIComponent(currentHref)}`;
}

/**
 * Where to go after signing in: the referer when it is an address of this site (path, query, hash kept),
 * otherwise the cabinet. Foreign origins are refused so the parameter cannot send users elsewhere.
 */
export function afterSignInPath(referer: string | null, origin: string): string {
  if (!referer) return DEFAULT_APP_PATH;
  try {
    const url = new URL(referer, origin);
    if (url.origin !== origin) return DEFAULT_APP_PATH;
    if (url.pathname.startsWith('/auth')) return DEFAULT_APP_PATH;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_APP_PATH;
  }
}
