// The HTTP side of auth mode `oauth`: the protocol endpoints the library serves (metadata, token,
// revocation, registration) and the two interactive ones that are Praxis's own — /authorize (consent
// per client, then off to the upstream provider) and /oauth/callback (back from it, signed in).
import { AuthorizationError, CimdFetchError, authorizationErrorRedirect, type AuthRequest, type OAuthHelpers } from '@cloudflare/workers-oauth-provider';
import { AUTHORIZE_PATH, CALLBACK_PATH, PRAXIS_SCOPE, authorizationServerFor, type OAuthStateEnv } from './authorization-server.ts';
import type { OAuthModeConfig } from './config.ts';
import type { GrantProps } from './identity.ts';
import { consentPage, errorPage, htmlResponse } from './pages.ts';
import { signedInUser, signedInUserCookie } from './signed-in-user.ts';
import { authorizationUrl, completeSignIn, newAttempt, upstreamServer, UpstreamUnavailableError, type UpstreamAttempt } from './upstream.ts';

/** Paths this mode answers; in every other mode they stay 404. */
export const OAUTH_ROUTE_PATTERNS = ['/.well-known/oauth-authorization-server', '/.well-known/oauth-authorization-server/*', AUTHORIZE_PATH, '/oauth/*'];

export async function oauthEndpointResponse(request: Request, config: OAuthModeConfig, env: OAuthStateEnv, ctx: ExecutionContext): Promise<Response> {
  const server = authorizationServerFor(config);
  const path = new URL(request.url).pathname;
  if (path !== AUTHORIZE_PATH && path !== CALLBACK_PATH) return server.fetch(request, env, ctx);
  const oauth = server.getOAuthApi(env);
  try {
    if (path === CALLBACK_PATH) return await callback(request, config, oauth);
    if (request.method === 'GET') return await showConsent(request, config, oauth);
    if (request.method === 'POST') return await decideConsent(request, config, oauth);
    return htmlResponse(errorPage('Method not allowed', `${request.method} is not used here.`), 405);
  } catch (error) {
    return failurePage(error);
  }
}

async function showConsent(request: Request, config: OAuthModeConfig, oauth: OAuthHelpers): Promise<Response> {
  const authRequest = await oauth.parseAuthRequest(request);
  const details = await oauth.describeConsent(authRequest);
  const subject = await signedInUser(request, config.cookieSecret);
  if (subject && await oauth.isConsentRemembered(request, authRequest, { secret: config.cookieSecret, subject })) {
    return toUpstream(authRequest, new Headers(), config, oauth);
  }
  // Discover the provider before showing the page: an outage is reported now, not after Allow.
  await upstreamServer(config.upstream);
  const consent = await oauth.beginConsent(authRequest);
  return htmlResponse(consentPage(details, consent.handle, new URL(config.upstream.issuer).host), 200, consent.headers);
}

async function decideConsent(request: Request, config: OAuthModeConfig, oauth: OAuthHelpers): Promise<Response> {
  const form = await request.formData().catch(() => new FormData());
  const handle = form.get('handle');
  if (typeof handle !== 'string' || handle === '') {
    return htmlResponse(errorPage('Consent form incomplete', 'The form was sent without its one-time handle, so it was not accepted.'), 400);
  }
  if (form.get('decision') !== 'approve') {
    const denied = await oauth.denyConsent(request, handle);
    denied.headers.set('Location', denied.redirectTo);
    return new Response(null, { status: 302, headers: denied.headers });
  }
  // Approvals are remembered per user and client. The user is known from an earlier sign-in in this
  // browser; on a browser's first sign-in it is not (the upstream says who it is only afterwards), so
  // that approval is not remembered.
  const subject = await signedInUser(request, config.cookieSecret);
  const remember = subject ? { secret: config.cookieSecret, subject } : undefined;
  const approved = await oauth.approveConsent(request, handle, { scope: [PRAXIS_SCOPE], remember });
  return toUpstream(approved.request, approved.headers, config, oauth);
}

/** Only after consent (given now or remembered): state and PKCE verifier are bound to this browser by the library. */
async function toUpstream(authRequest: AuthRequest, headers: Headers, config: OAuthModeConfig, oauth: OAuthHelpers): Promise<Response> {
  await upstreamServer(config.upstream);
  const attempt = newAttempt();
  const upstream = await oauth.beginUpstream(authRequest, { data: attempt, headers });
  upstream.headers.set('Location', await authorizationUrl(config.upstream, attempt, upstream.state, callbackUrl(config)));
  upstream.headers.set('Cache-Control', 'no-store');
  return new Response(null, { status: 302, headers: upstream.headers });
}

async function callback(request: Request, config: OAuthModeConfig, oauth: OAuthHelpers): Promise<Response> {
  const resumed = await oauth.finishUpstream<UpstreamAttempt>(request);
  const url = new URL(request.url);
  if (url.searchParams.has('error')) {
    console.warn(JSON.stringify({ event: 'upstream_sign_in_refused', error: url.searchParams.get('error') }));
    resumed.headers.set('Location', authorizationErrorRedirect(resumed.request, 'access_denied'));
    return new Response(null, { status: 302, headers: resumed.headers });
  }
  let signIn;
  try {
    signIn = await completeSignIn(config.upstream, config.groupsClaim, url, resumed.data, callbackUrl(config));
  } catch (error) {
    if (error instanceof UpstreamUnavailableError) throw error;
    console.warn(JSON.stringify({ event: 'upstream_sign_in_unverified', reason: (error as Error).message }));
    return htmlResponse(errorPage('Sign-in could not be verified', "The identity provider's answer did not pass verification, so nobody was signed in."), 400);
  }
  const props: GrantProps = { identity: signIn.identity, upstream: signIn.tokens };
  const { redirectTo } = await oauth.completeAuthorization({
    request: resumed.request, userId: await grantUserId(config.upstream.issuer, signIn.identity.subject), metadata: {}, scope: resumed.request.scope, props,
  });
  resumed.headers.set('Location', redirectTo);
  resumed.headers.append('Set-Cookie', await signedInUserCookie(signIn.identity.subject, config.cookieSecret));
  resumed.headers.set('Cache-Control', 'no-store');
  return new Response(null, { status: 302, headers: resumed.headers });
}

/**
 * The grant's user ID becomes the first part of every token the library issues, stored unencrypted:
 * a digest of issuer and subject keeps tokens to token-safe characters and the subject out of KV keys.
 */
async function grantUserId(issuer: string, subject: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${issuer}\n${subject}`));
  return btoa(String.fromCharCode(...new Uint8Array(digest))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '').slice(0, 22);
}

const callbackUrl = (config: OAuthModeConfig): string => `${config.issuer}${CALLBACK_PATH}`;

/** Redirect back to the client only when the library validated it; everything else is shown here. */
function failurePage(error: unknown): Response {
  if (error instanceof AuthorizationError && error.redirectTo) return Response.redirect(error.redirectTo, 302);
  if (error instanceof AuthorizationError) return htmlResponse(errorPage('This sign-in request cannot continue', error.description), 400);
  if (error instanceof CimdFetchError) return htmlResponse(errorPage('Unknown application', "The application's metadata document could not be fetched or validated."), 400);
  if (error instanceof UpstreamUnavailableError) {
    console.error(JSON.stringify({ event: 'identity_provider_unavailable', reason: error.message }));
    return htmlResponse(errorPage('Sign-in is unavailable', 'The identity provider could not be reached. Nothing was granted; try again in a few minutes.'), 503);
  }
  throw error;
}
