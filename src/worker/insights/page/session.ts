// The insights page's session: who signed in and their groups, as the identity provider vouched for
// them at sign-in, in an encrypted cookie (JWE, dir + A256GCM, jose) — nothing stored on the server,
// no upstream token kept. It lasts as long as one of this Worker's access tokens (ACCESS_TOKEN_TTL_S),
// so a removed group or user loses the page within that time: after it the browser signs in again
// and the provider is asked afresh. The key is derived from this deployment's consent secret for this
// use only, and the issuer (this Worker's origin) is checked, so a cookie from another deployment, a
// cookie made for another use, one altered or expired, is no session.
import { EncryptJWT, jwtDecrypt } from 'jose';
import { cookieValue } from '../../auth/oauth/cookies.ts';
import { ACCESS_TOKEN_TTL_S } from '../../auth/oauth/authorization-server.ts';
import type { OAuthModeConfig } from '../../auth/oauth/config.ts';
import { purposeKey } from '../../auth/oauth/purpose-keys.ts';
import { pageCookie, pageCookieName, securePageCookies } from './page-cookies.ts';

const AUDIENCE = 'praxis-insights-session';
const COOKIE = 'praxis-insights-session';
export const SESSION_TTL_S = ACCESS_TOKEN_TTL_S;
/** Browsers keep cookies of up to 4096 bytes; a longer one would be dropped and sign-in would loop. */
export const MAX_SESSION_COOKIE_BYTES = 3800;

export interface PageSession {
  subject: string;
  /** What the person is called, for "signed in as". */
  name?: string;
  groups: string[];
}

export const sessionCookieName = (config: OAuthModeConfig): string =>
  pageCookieName(COOKIE, securePageCookies(config));

/** The Set-Cookie header of a new session; undefined when it would not fit a browser's cookie. */
export async function sessionCookie(
  session: PageSession,
  config: OAuthModeConfig,
): Promise<string | undefined> {
  const sealed = await new EncryptJWT({ groups: session.groups, name: session.name })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setSubject(session.subject)
    .setIssuer(config.issuer)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_S}s`)
    .encrypt(await purposeKey(config.cookieSecret, 'insights-session'));
  const cookie = pageCookie(
    sessionCookieName(config),
    sealed,
    SESSION_TTL_S,
    securePageCookies(config),
  );
  return cookie.length > MAX_SESSION_COOKIE_BYTES ? undefined : cookie;
}

/** The Set-Cookie header that removes the session. */
export const clearedSessionCookie = (config: OAuthModeConfig): string =>
  pageCookie(sessionCookieName(config), '', 0, securePageCookies(config));

/** Whether the request carries a session cookie at all, valid or not. */
export const sentSessionCookie = (request: Request, config: OAuthModeConfig): boolean =>
  cookieValue(request, sessionCookieName(config)) !== undefined;

/** The session the request carries, or undefined: none, altered, expired, or not this deployment's. */
export async function sessionOf(
  request: Request,
  config: OAuthModeConfig,
): Promise<PageSession | undefined> {
  const sealed = cookieValue(request, sessionCookieName(config));
  if (!sealed) return undefined;
  try {
    const { payload } = await jwtDecrypt(
      sealed,
      await purposeKey(config.cookieSecret, 'insights-session'),
      {
        issuer: config.issuer,
        audience: AUDIENCE,
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256GCM'],
        maxTokenAge: `${SESSION_TTL_S}s`,
      },
    );
    const { sub, groups, name } = payload;
    if (typeof sub !== 'string' || !Array.isArray(groups)) return undefined;
    if (!groups.every((group) => typeof group === 'string')) return undefined;
    return { subject: sub, groups, name: typeof name === 'string' ? name : undefined };
  } catch {
    return undefined;
  }
}
