// The insights page's sign-in at the company's identity provider, with the Worker's own OpenID client
// (src/worker/auth/oauth/upstream.ts: code flow, PKCE S256, nonce, a fully verified ID token).
// Starting it stores nothing: state, PKCE verifier, nonce and the page to return to travel in an
// encrypted cookie (JWE, dir + A256GCM) for this browser only, valid ten minutes, so anyone may start
// as many sign-ins as they like at no cost to storage. The callback is accepted only in the browser
// that started it, with the state it was given (CSRF), and clears the cookie.
import { EncryptJWT, jwtDecrypt } from 'jose';
import { cookieValue } from '../../auth/oauth/cookies.ts';
import type { OAuthModeConfig, UpstreamConfig } from '../../auth/oauth/config.ts';
import type { SignedInIdentity } from '../../auth/oauth/identity.ts';
import { purposeKey, randomToken } from '../../auth/oauth/purpose-keys.ts';
import {
  authorizationUrl,
  completeSignIn,
  newAttempt,
  UpstreamUnavailableError,
  type UpstreamAttempt,
} from '../../auth/oauth/upstream.ts';
import {
  INSIGHTS_CALLBACK_PATH,
  INSIGHTS_PAGE_PATH,
  pageCookie,
  pageCookieName,
  securePageCookies,
} from './page-cookies.ts';

const AUDIENCE = 'praxis-insights-sign-in';
const COOKIE = 'praxis-insights-sign-in';
const TTL_S = 600;
/** The page asked for (path and query) is carried through sign-in; anything longer returns to /insights. */
const MAX_RETURN_CHARS = 512;

const cookieName = (config: OAuthModeConfig): string =>
  pageCookieName(COOKIE, securePageCookies(config));

export const callbackUrl = (config: OAuthModeConfig): string =>
  `${config.issuer}${INSIGHTS_CALLBACK_PATH}`;

/**
 * The page holds no upstream token, so it asks for none that lasts: offline_access (a refresh
 * token) is left out of the scopes.
 */
const pageScopes = (upstream: UpstreamConfig): UpstreamConfig => ({
  ...upstream,
  scopes: upstream.scopes.filter((scope) => scope !== 'offline_access'),
});

/** Where the browser returns after sign-in: the insights page it asked for, nothing else. */
export function returnPathOf(requestUrl: URL): string {
  const path = `${requestUrl.pathname}${requestUrl.search}`;
  return requestUrl.pathname === INSIGHTS_PAGE_PATH && path.length <= MAX_RETURN_CHARS
    ? path
    : INSIGHTS_PAGE_PATH;
}

/** Where to send the browser at the identity provider, and the cookie that lets only this browser come back. */
export async function startSignIn(
  config: OAuthModeConfig,
  returnTo: string,
): Promise<{ location: string; cookie: string }> {
  const attempt = newAttempt();
  const state = randomToken();
  const sealed = await new EncryptJWT({ attempt, state, returnTo })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuer(config.issuer)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TTL_S}s`)
    .encrypt(await purposeKey(config.cookieSecret, 'insights-sign-in'));
  return {
    location: await authorizationUrl(
      pageScopes(config.upstream),
      attempt,
      state,
      callbackUrl(config),
    ),
    cookie: pageCookie(cookieName(config), sealed, TTL_S, securePageCookies(config)),
  };
}

export type FinishedSignIn =
  | { ok: true; identity: SignedInIdentity; returnTo: string; clearCookie: string }
  | { ok: false; reason: string; clearCookie: string };

/**
 * Back from the provider: the sign-in this browser started, its state matched, the code exchanged
 * and the ID token verified. An unreachable provider throws UpstreamUnavailableError.
 */
export async function finishSignIn(
  request: Request,
  config: OAuthModeConfig,
): Promise<FinishedSignIn> {
  const clearCookie = pageCookie(cookieName(config), '', 0, securePageCookies(config));
  const url = new URL(request.url);
  const started = await startedSignIn(request, config);
  if (!started || started.state !== url.searchParams.get('state'))
    return {
      ok: false,
      reason:
        'This sign-in was not started in this browser, or it expired. Open the insights page again.',
      clearCookie,
    };
  if (url.searchParams.has('error'))
    return { ok: false, reason: 'The identity provider did not sign you in.', clearCookie };
  try {
    const { identity } = await completeSignIn(
      pageScopes(config.upstream),
      config.groupsClaim,
      url,
      started.attempt,
      callbackUrl(config),
    );
    return { ok: true, identity, returnTo: started.returnTo, clearCookie };
  } catch (error) {
    if (error instanceof UpstreamUnavailableError) throw error;
    console.warn(
      JSON.stringify({ event: 'insights_sign_in_unverified', reason: (error as Error).message }),
    );
    return {
      ok: false,
      reason: "The identity provider's answer did not pass verification, so nobody was signed in.",
      clearCookie,
    };
  }
}

interface StartedSignIn {
  attempt: UpstreamAttempt;
  state: string;
  returnTo: string;
}

async function startedSignIn(
  request: Request,
  config: OAuthModeConfig,
): Promise<StartedSignIn | undefined> {
  const sealed = cookieValue(request, cookieName(config));
  if (!sealed) return undefined;
  try {
    const { payload } = await jwtDecrypt(
      sealed,
      await purposeKey(config.cookieSecret, 'insights-sign-in'),
      {
        issuer: config.issuer,
        audience: AUDIENCE,
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256GCM'],
      },
    );
    const { attempt, state, returnTo } = payload as Partial<StartedSignIn>;
    if (!attempt || typeof state !== 'string' || typeof returnTo !== 'string') return undefined;
    return { attempt, state, returnTo };
  } catch {
    return undefined;
  }
}
