// The HTTP side of auth mode `oauth`: the protocol endpoints the library serves (metadata, token,
// revocation, registration) and the two interactive ones that are Praxis's own — /authorize (consent
// per client, then off to the upstream provider) and /oauth/callback (back from it, signed in).
import {
  AuthorizationError,
  CimdFetchError,
  authorizationErrorRedirect,
  type AuthRequest,
  type OAuthHelpers,
} from '@cloudflare/workers-oauth-provider';
import {
  AUTHORIZE_PATH,
  CALLBACK_PATH,
  PRAXIS_SCOPE,
  TOKEN_PATH,
  authorizationServerFor,
  type OAuthStateEnv,
} from './authorization-server.ts';
import type { OAuthModeConfig } from './config.ts';
import type { GrantProps } from './identity.ts';
import { nonPublicClientIdProblem } from './client-id-hosts.ts';
import { openConsentForm, postedConsentForm } from './consent-form.ts';
import { consentPage, errorPage, htmlResponse } from './pages.ts';
import { protocolEndpointRefusal } from './protocol-endpoint-refusal.ts';
import { envWithPresentedRefreshToken } from './refresh-token-reuse.ts';
import type { RegistrationRateLimitEnv } from './registration-rate-limit.ts';
import { isApprovalRemembered, rememberedApprovalCookie } from './remembered-approvals.ts';
import { sha256Base64url } from './sha256-base64url.ts';
import { signedInUser, signedInUserCookie } from './signed-in-user.ts';
import { withUnsetResourceDropped } from './unset-resource.ts';
import {
  authorizationUrl,
  completeSignIn,
  newAttempt,
  upstreamServer,
  UpstreamUnavailableError,
} from './upstream.ts';
import {
  beginUpstreamSignIn,
  finishUpstreamSignIn,
  requestTooLongForSignIn,
} from './upstream-state.ts';

/** Paths this mode answers; in every other mode they stay 404. */
export const OAUTH_ROUTE_PATTERNS = [
  '/.well-known/oauth-authorization-server',
  '/.well-known/oauth-authorization-server/*',
  AUTHORIZE_PATH,
  '/oauth/*',
];

export async function oauthEndpointResponse(
  sent: Request,
  config: OAuthModeConfig,
  env: OAuthStateEnv & RegistrationRateLimitEnv,
  ctx: ExecutionContext,
): Promise<Response> {
  // A `resource` a client sent unset counts as left out, at /authorize and the token endpoint alike.
  const request = await withUnsetResourceDropped(sent);
  const server = authorizationServerFor(config);
  const path = new URL(request.url).pathname;
  if (path !== AUTHORIZE_PATH && path !== CALLBACK_PATH) {
    const refused = await protocolEndpointRefusal(request, path, env, server.getOAuthApi(env));
    if (refused) return refused;
    return server.fetch(request, await envWithPresentedRefreshToken(request, env, TOKEN_PATH), ctx);
  }
  const oauth = server.getOAuthApi(env);
  try {
    if (path === CALLBACK_PATH) return await callback(request, config, oauth);
    if (request.method === 'GET') return await showConsent(request, config, oauth);
    if (request.method === 'POST') return await decideConsent(request, config);
    return htmlResponse(
      errorPage('Method not allowed', `${request.method} is not used here.`),
      405,
    );
  } catch (error) {
    return failurePage(error);
  }
}

/**
 * The consent page. Nothing is stored for it: the form carries its own signed state (consent-form.ts),
 * so an anonymous visitor costs no KV write, however many pages they open.
 */
async function showConsent(
  request: Request,
  config: OAuthModeConfig,
  oauth: OAuthHelpers,
): Promise<Response> {
  const clientIdProblem = nonPublicClientIdProblem(
    new URL(request.url).searchParams.getAll('client_id'),
  );
  if (clientIdProblem) return htmlResponse(errorPage('Unknown application', clientIdProblem), 400);
  const authRequest = await oauth.parseAuthRequest(request);
  const tooLong = requestTooLongForSignIn(authRequest);
  if (tooLong) return htmlResponse(errorPage('This sign-in request cannot continue', tooLong), 400);
  const details = await oauth.describeConsent(authRequest);
  const subject = await signedInUser(request, config.cookieSecret);
  if (subject && (await isApprovalRemembered(request, authRequest, subject, config.cookieSecret))) {
    return toUpstream(approvedAs(authRequest), new Headers(), config);
  }
  // Discover the provider before showing the page: an outage is reported now, not after Allow.
  await upstreamServer(config.upstream);
  const form = await openConsentForm(authRequest, config.cookieSecret);
  return htmlResponse(
    consentPage(details, form.handle, new URL(config.upstream.issuer).host),
    200,
    new Headers({ 'Set-Cookie': form.cookie }),
  );
}

async function decideConsent(request: Request, config: OAuthModeConfig): Promise<Response> {
  const form = await request.formData().catch(() => new FormData());
  const handle = form.get('handle');
  if (typeof handle !== 'string' || handle === '') {
    return htmlResponse(
      errorPage(
        'Consent form incomplete',
        'The form was sent without its one-time handle, so it was not accepted.',
      ),
      400,
    );
  }
  const { authRequest, clearCookie } = await postedConsentForm(
    request,
    handle,
    config.cookieSecret,
  );
  const headers = new Headers({ 'Set-Cookie': clearCookie, 'Cache-Control': 'no-store' });
  if (form.get('decision') !== 'approve') {
    headers.set('Location', authorizationErrorRedirect(authRequest, 'access_denied'));
    return new Response(null, { status: 302, headers });
  }
  // Approvals are remembered per user and client. The user is known from an earlier sign-in in this
  // browser; on a browser's first sign-in it is not (the upstream says who it is only afterwards), so
  // that approval is not remembered.
  const approved = approvedAs(authRequest);
  const subject = await signedInUser(request, config.cookieSecret);
  if (subject)
    headers.append(
      'Set-Cookie',
      await rememberedApprovalCookie(request, approved, subject, config.cookieSecret),
    );
  return toUpstream(approved, headers, config);
}

/** What a person approves: reading Praxis as themselves, whatever else the client asked for. */
const approvedAs = (authRequest: AuthRequest): AuthRequest => ({
  ...authRequest,
  scope: [PRAXIS_SCOPE],
});

/** Only after consent (given now or remembered): state and PKCE verifier travel in an encrypted cookie (upstream-state.ts). */
async function toUpstream(
  authRequest: AuthRequest,
  headers: Headers,
  config: OAuthModeConfig,
): Promise<Response> {
  await upstreamServer(config.upstream);
  const attempt = newAttempt();
  const upstream = await beginUpstreamSignIn(authRequest, attempt, config.cookieSecret);
  headers.append('Set-Cookie', upstream.cookie);
  headers.set(
    'Location',
    await authorizationUrl(config.upstream, attempt, upstream.state, callbackUrl(config)),
  );
  headers.set('Cache-Control', 'no-store');
  return new Response(null, { status: 302, headers });
}

/** Back from the provider. The first KV writes of a sign-in happen here, once the provider has vouched for a person. */
async function callback(
  request: Request,
  config: OAuthModeConfig,
  oauth: OAuthHelpers,
): Promise<Response> {
  const resumed = await finishUpstreamSignIn(request, config.cookieSecret);
  const headers = new Headers({ 'Set-Cookie': resumed.clearCookie, 'Cache-Control': 'no-store' });
  const url = new URL(request.url);
  if (url.searchParams.has('error')) {
    console.warn(
      JSON.stringify({ event: 'upstream_sign_in_refused', error: url.searchParams.get('error') }),
    );
    headers.set('Location', authorizationErrorRedirect(resumed.authRequest, 'access_denied'));
    return new Response(null, { status: 302, headers });
  }
  let signIn;
  try {
    signIn = await completeSignIn(
      config.upstream,
      config.groupsClaim,
      url,
      resumed.attempt,
      callbackUrl(config),
    );
  } catch (error) {
    if (error instanceof UpstreamUnavailableError) throw error;
    console.warn(
      JSON.stringify({ event: 'upstream_sign_in_unverified', reason: (error as Error).message }),
    );
    return htmlResponse(
      errorPage(
        'Sign-in could not be verified',
        "The identity provider's answer did not pass verification, so nobody was signed in.",
      ),
      400,
    );
  }
  const props: GrantProps = { identity: signIn.identity, upstream: signIn.tokens };
  const { redirectTo } = await oauth.completeAuthorization({
    request: resumed.authRequest,
    userId: await grantUserId(config.upstream.issuer, signIn.identity.subject),
    metadata: {},
    scope: resumed.authRequest.scope,
    props,
  });
  headers.set('Location', redirectTo);
  headers.append(
    'Set-Cookie',
    await signedInUserCookie(signIn.identity.subject, config.cookieSecret),
  );
  return new Response(null, { status: 302, headers });
}

/**
 * The grant's user ID becomes the first part of every token the library issues, stored unencrypted:
 * a digest of issuer and subject keeps tokens to token-safe characters and the subject out of KV keys.
 */
async function grantUserId(issuer: string, subject: string): Promise<string> {
  return (await sha256Base64url(`${issuer}\n${subject}`)).slice(0, 22);
}

const callbackUrl = (config: OAuthModeConfig): string => `${config.issuer}${CALLBACK_PATH}`;

/** Redirect back to the client only when the library validated it; everything else is shown here. */
function failurePage(error: unknown): Response {
  if (error instanceof AuthorizationError && error.redirectTo)
    return Response.redirect(error.redirectTo, 302);
  if (error instanceof AuthorizationError)
    return htmlResponse(errorPage('This sign-in request cannot continue', error.description), 400);
  if (error instanceof CimdFetchError)
    return htmlResponse(
      errorPage(
        'Unknown application',
        "The application's metadata document could not be fetched or validated.",
      ),
      400,
    );
  if (error instanceof UpstreamUnavailableError) {
    console.error(
      JSON.stringify({ event: 'identity_provider_unavailable', reason: error.message }),
    );
    return htmlResponse(
      errorPage(
        'Sign-in is unavailable',
        'The identity provider could not be reached. Nothing was granted; try again in a few minutes.',
      ),
      503,
    );
  }
  throw error;
}
