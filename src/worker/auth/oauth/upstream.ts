// The Worker as a client of the upstream OpenID Connect provider, through oauth4webapi:
// discovery, the authorization URL (code + PKCE S256 + state + nonce), the code exchange with a
// fully verified ID token (issuer, audience, nonce, expiry and signature), and the re-check of the
// user on refresh. Nothing here is sent to an MCP client.
import * as oidc from 'oauth4webapi';
import type { UpstreamConfig } from './config.ts';
import { identityFrom, type SignedInIdentity, type UpstreamTokens } from './identity.ts';
import { PraxisError } from '../../../shared/praxis-error.ts';

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const TIMEOUT_MS = 5000;

/** The provider could not be reached or answered nonsense: retry later, nothing was granted. */
export class UpstreamUnavailableError extends PraxisError {
  static override code = 'ERR_UPSTREAM_UNAVAILABLE';
  override readonly code = 'ERR_UPSTREAM_UNAVAILABLE';
}
/** The provider says the user (or their upstream grant) is no longer valid: sign in again. */
export class UpstreamRefusedError extends PraxisError {
  static override code = 'ERR_UPSTREAM_REFUSED';
  override readonly code = 'ERR_UPSTREAM_REFUSED';
}

const discovered = new Map<string, { server: oidc.AuthorizationServer; at: number }>();

/** Loopback providers (development, tests) are plain http; config.ts allows that only for loopback. */
const options = (issuer: string) => ({
  [oidc.allowInsecureRequests]: new URL(issuer).protocol === 'http:',
  signal: AbortSignal.timeout(TIMEOUT_MS),
});

export async function upstreamServer(config: UpstreamConfig): Promise<oidc.AuthorizationServer> {
  const cached = discovered.get(config.issuer);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.server;
  const issuer = new URL(config.issuer);
  try {
    const server = await oidc.processDiscoveryResponse(
      issuer,
      await oidc.discoveryRequest(issuer, { algorithm: 'oidc', ...options(config.issuer) }),
    );
    discovered.set(config.issuer, { server, at: Date.now() });
    return server;
  } catch (error) {
    throw new UpstreamUnavailableError(
      `OpenID provider discovery at ${config.issuer} failed: ${(error as Error).message}`,
    );
  }
}

const clientOf = (config: UpstreamConfig): oidc.Client => ({ client_id: config.clientId });

function clientAuthOf(server: oidc.AuthorizationServer, config: UpstreamConfig): oidc.ClientAuth {
  if (!config.clientSecret) return oidc.None();
  const methods = server.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  return methods.includes('client_secret_basic')
    ? oidc.ClientSecretBasic(config.clientSecret)
    : oidc.ClientSecretPost(config.clientSecret);
}

export interface UpstreamAttempt {
  verifier: string;
  nonce: string;
}

export const newAttempt = (): UpstreamAttempt => ({
  verifier: oidc.generateRandomCodeVerifier(),
  nonce: oidc.generateRandomNonce(),
});

export async function authorizationUrl(
  config: UpstreamConfig,
  attempt: UpstreamAttempt,
  state: string,
  redirectUri: string,
): Promise<string> {
  const server = await upstreamServer(config);
  if (!server.authorization_endpoint)
    throw new UpstreamUnavailableError(`${config.issuer} advertises no authorization_endpoint`);
  const url = new URL(server.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: redirectUri,
    scope: config.scopes.join(' '),
    state,
    nonce: attempt.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(attempt.verifier),
    code_challenge_method: 'S256',
    // Refresh tokens from providers that want to be asked for them (Okta, Entra need offline_access; oidc-provider also consent).
    ...(config.scopes.includes('offline_access') ? { prompt: 'consent' } : {}),
  }).toString();
  return url.href;
}

export interface SignIn {
  identity: SignedInIdentity;
  tokens: UpstreamTokens;
}

/**
 * The callback's code → tokens → verified ID token → identity. `state` was already matched to this
 * browser by the authorization server library (finishUpstream), so only the rest is checked here.
 * Any failure of the provider's answer is a refusal; a failure to reach it is UpstreamUnavailableError.
 */
export async function completeSignIn(
  config: UpstreamConfig,
  groupsClaim: string,
  callbackUrl: URL,
  attempt: UpstreamAttempt,
  redirectUri: string,
): Promise<SignIn> {
  const server = await upstreamServer(config);
  const client = clientOf(config);
  const params = oidc.validateAuthResponse(server, client, callbackUrl, oidc.skipStateCheck);
  const response = await reach(() =>
    oidc.authorizationCodeGrantRequest(
      server,
      client,
      clientAuthOf(server, config),
      params,
      redirectUri,
      attempt.verifier,
      options(config.issuer),
    ),
  );
  const result = await oidc.processAuthorizationCodeResponse(server, client, response, {
    expectedNonce: attempt.nonce,
    requireIdToken: true,
  });
  // The token endpoint is reached over TLS, so the spec lets a client skip this; checking the
  // signature too means a tampered or substituted ID token is refused whatever the transport.
  await oidc.validateApplicationLevelSignature(server, response, options(config.issuer));
  const claims = oidc.getValidatedIdTokenClaims(result)!;
  return {
    identity: await withGroups(server, config, groupsClaim, claims, result.access_token),
    tokens: tokensOf(result),
  };
}

/**
 * Ask the provider again who this is (on every Praxis refresh): its refresh grant when there is an
 * upstream refresh token, otherwise userinfo while the upstream access token lasts. A removed group
 * or disabled user is therefore noticed within one Praxis access-token lifetime.
 */
export async function recheckSignIn(
  config: UpstreamConfig,
  groupsClaim: string,
  previous: SignedInIdentity,
  tokens: UpstreamTokens,
): Promise<SignIn> {
  const server = await upstreamServer(config);
  const client = clientOf(config);
  if (tokens.refreshToken) {
    const response = await reach(() =>
      oidc.refreshTokenGrantRequest(
        server,
        client,
        clientAuthOf(server, config),
        tokens.refreshToken!,
        options(config.issuer),
      ),
    );
    const result = await refusedOn4xx(() =>
      oidc.processRefreshTokenResponse(server, client, response),
    );
    const idClaims = oidc.getValidatedIdTokenClaims(result);
    if (idClaims)
      await oidc.validateApplicationLevelSignature(server, response, options(config.issuer));
    if (idClaims && idClaims.sub !== previous.subject)
      throw new UpstreamRefusedError('the provider answered for another subject');
    const claims = idClaims ?? { sub: previous.subject };
    const identity = await withGroups(
      server,
      config,
      groupsClaim,
      claims,
      result.access_token,
      !idClaims,
    );
    return {
      identity,
      tokens: { ...tokensOf(result), refreshToken: result.refresh_token ?? tokens.refreshToken },
    };
  }
  if (tokens.accessToken && (tokens.accessTokenExpiresAt ?? 0) > Date.now() / 1000 + 30) {
    const claims = await userinfo(server, config, tokens.accessToken, previous.subject);
    return { identity: identityFrom(claims, groupsClaim), tokens };
  }
  throw new UpstreamRefusedError(
    'the provider gave no refresh token and its access token has expired; sign in again',
  );
}

async function withGroups(
  server: oidc.AuthorizationServer,
  config: UpstreamConfig,
  groupsClaim: string,
  claims: Record<string, unknown>,
  accessToken: string,
  forceUserinfo = false,
): Promise<SignedInIdentity> {
  if (!forceUserinfo && (groupsClaim in claims || !server.userinfo_endpoint))
    return identityFrom(claims, groupsClaim);
  const info = await userinfo(server, config, accessToken, String(claims.sub));
  return identityFrom({ ...claims, ...info, sub: claims.sub }, groupsClaim);
}

async function userinfo(
  server: oidc.AuthorizationServer,
  config: UpstreamConfig,
  accessToken: string,
  subject: string,
): Promise<Record<string, unknown>> {
  if (!server.userinfo_endpoint)
    throw new UpstreamRefusedError(
      'the provider has no userinfo endpoint to re-check the user with',
    );
  const response = await reach(() =>
    oidc.userInfoRequest(server, clientOf(config), accessToken, options(config.issuer)),
  );
  return refusedOn4xx(() =>
    oidc.processUserInfoResponse(server, clientOf(config), subject, response),
  ) as Promise<Record<string, unknown>>;
}

function tokensOf(result: oidc.TokenEndpointResponse): UpstreamTokens {
  return {
    refreshToken: result.refresh_token,
    accessToken: result.access_token,
    accessTokenExpiresAt:
      result.expires_in === undefined
        ? undefined
        : Math.floor(Date.now() / 1000) + result.expires_in,
  };
}

/** A network failure or timeout reaching the provider. */
async function reach(call: () => Promise<Response>): Promise<Response> {
  let response: Response;
  try {
    response = await call();
  } catch (error) {
    throw new UpstreamUnavailableError(
      `the OpenID provider could not be reached: ${(error as Error).message}`,
    );
  }
  if (response.status >= 500)
    throw new UpstreamUnavailableError(`the OpenID provider answered ${response.status}`);
  return response;
}

/** A 4xx answer (invalid_grant, invalid_token…) means the user's upstream standing is gone. */
async function refusedOn4xx<T>(process: () => Promise<T>): Promise<T> {
  try {
    return await process();
  } catch (error) {
    if (
      error instanceof oidc.ResponseBodyError ||
      error instanceof oidc.WWWAuthenticateChallengeError
    )
      throw new UpstreamRefusedError(`the OpenID provider refused: ${error.message}`);
    throw error;
  }
}
