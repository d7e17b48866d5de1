// The insights page's cookies: HttpOnly, sent only to /insights and below (Path=/insights), Secure
// (and then __Secure- prefixed, so no plain-http answer can set them) unless the Worker itself is
// served over loopback http, where a browser would not keep a Secure cookie from every host. SameSite=Lax:
// the sign-in comes back from the identity provider as a cross-site top-level navigation, which a
// Strict cookie would not be sent on; Lax still withholds them from cross-site posts and subrequests,
// and the page changes nothing.
import { isLoopbackHostname } from '../../auth/url-rules.ts';
import type { OAuthModeConfig } from '../../auth/oauth/config.ts';

export const INSIGHTS_PAGE_PATH = '/insights';
export const INSIGHTS_CALLBACK_PATH = '/insights/callback';

/** Whether the page's cookies are Secure: always, except for a Worker served over loopback http. */
export function securePageCookies(config: OAuthModeConfig): boolean {
  const url = new URL(config.issuer);
  return !(url.protocol === 'http:' && isLoopbackHostname(url.hostname));
}

/** The cookie's name: `__Secure-` prefixed when Secure. */
export const pageCookieName = (base: string, secure: boolean): string =>
  secure ? `__Secure-${base}` : base;

export function pageCookie(
  name: string,
  value: string,
  maxAgeSeconds: number,
  secure: boolean,
): string {
  return (
    `${name}=${value}; Path=${INSIGHTS_PAGE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}` +
    (secure ? '; Secure' : '')
  );
}
