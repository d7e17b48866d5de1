// The OAuth 2.1 authorization server MCP clients talk to, from @cloudflare/workers-oauth-provider:
// RFC 8414 metadata, dynamic client registration, client ID metadata documents, the token endpoint
// (authorization code with PKCE S256, rotating refresh tokens, RFC 7009 revocation), all bound to
// the one RFC 8707 resource this Worker serves. State lives in the OAUTH_KV namespace.
import {
  OAuthAuthorizationServer,
  OAuthError,
  GrantType,
  type TokenExchangeCallbackOptions,
} from '@cloudflare/workers-oauth-provider';
import type { OAuthModeConfig } from './config.ts';
import type { GrantProps } from './identity.ts';
import { registrationMetadataProblem } from './registration-limits.ts';
import { refreshTokenBeingRotated } from './refresh-token-reuse.ts';
import { recheckSignIn, UpstreamRefusedError, UpstreamUnavailableError } from './upstream.ts';

export interface OAuthStateEnv {
  OAUTH_KV: KVNamespace;
}

/** What any Praxis access token grants: reading the knowledge this user's groups may see. */
export const PRAXIS_SCOPE = 'praxis:read';
export const AUTHORIZE_PATH = '/authorize';
export const CALLBACK_PATH = '/oauth/callback';
export const TOKEN_PATH = '/oauth/token';
export const REGISTER_PATH = '/oauth/register';
/** Access tokens live at most an hour: a refresh re-checks the user upstream, so that bounds how long a removed group or user keeps access. */
export const ACCESS_TOKEN_TTL_S = 3600;
const REFRESH_TOKEN_IDLE_TTL_S = 14 * 24 * 3600;
const REFRESH_TOKEN_TTL_S = 30 * 24 * 3600;

const servers = new WeakMap<OAuthModeConfig, OAuthAuthorizationServer<OAuthStateEnv>>();

/** One instance per configuration (settings are read once per env object, so the same object comes back). */
export function authorizationServerFor(
  config: OAuthModeConfig,
): OAuthAuthorizationServer<OAuthStateEnv> {
  let server = servers.get(config);
  if (!server) {
    server = new OAuthAuthorizationServer<OAuthStateEnv>({
      issuer: config.issuer,
      resources: [config.resource],
      authorizeEndpoint: AUTHORIZE_PATH,
      tokenEndpoint: TOKEN_PATH,
      clientRegistrationEndpoint: REGISTER_PATH,
      // Anyone may register: every field the library stores is bounded, or nothing is stored.
      clientRegistrationCallback: ({ clientMetadata }) => {
        const problem = registrationMetadataProblem(clientMetadata);
        return problem ? { code: 'invalid_client_metadata', description: problem } : undefined;
      },
      scopesSupported: [PRAXIS_SCOPE, 'offline_access'],
      accessTokenTTL: ACCESS_TOKEN_TTL_S,
      refreshTokenTTL: REFRESH_TOKEN_TTL_S,
      refreshTokenIdleTTL: REFRESH_TOKEN_IDLE_TTL_S,
      // Advertised only where the Worker runs with global_fetch_strictly_public (the library checks),
      // which keeps a client's metadata URL from reaching anything but the public internet.
      clientIdMetadataDocumentEnabled: clientIdMetadataDocumentsPossible(),
      tokenExchangeCallback: (options) => recheckOnRefresh(config, options),
      onError: ({ code, description, internal }) => {
        console.warn(
          JSON.stringify({ event: 'oauth_error', code, description, reason: internal?.reason }),
        );
      },
    });
    servers.set(config, server);
  }
  return server;
}

declare const Cloudflare: { compatibilityFlags?: Record<string, boolean> } | undefined;

/** CIMD needs the compatibility flag; without it the library would throw on a URL client_id. */
export function clientIdMetadataDocumentsPossible(): boolean {
  return (
    typeof Cloudflare !== 'undefined' &&
    Cloudflare.compatibilityFlags?.global_fetch_strictly_public === true
  );
}

/**
 * Every refresh asks the upstream provider again; a refusal revokes the grant, an outage leaves it for a retry.
 * A refresh token presented a second time revokes the grant before anyone is asked (refresh-token-reuse.ts).
 */
async function recheckOnRefresh(
  config: OAuthModeConfig,
  options: TokenExchangeCallbackOptions<OAuthStateEnv>,
) {
  if (options.grantType !== GrantType.REFRESH_TOKEN) return undefined;
  const props = options.props as GrantProps;
  const rotatedRefreshToken = refreshTokenBeingRotated(options.env, props, props.identity.subject);
  try {
    const { identity, tokens } = await recheckSignIn(
      config.upstream,
      config.groupsClaim,
      props.identity,
      props.upstream,
    );
    const newProps: GrantProps = { identity, upstream: tokens, rotatedRefreshToken };
    return { newProps };
  } catch (error) {
    if (error instanceof UpstreamRefusedError) {
      console.warn(
        JSON.stringify({
          event: 'upstream_refused_refresh',
          subject: props.identity.subject,
          reason: error.message,
        }),
      );
      throw new OAuthError('invalid_grant', {
        description: 'The identity provider no longer vouches for this sign-in; sign in again.',
      });
    }
    if (error instanceof UpstreamUnavailableError) {
      console.error(
        JSON.stringify({ event: 'identity_provider_unavailable', reason: error.message }),
      );
      throw new OAuthError('temporarily_unavailable', {
        description: 'The identity provider could not be reached; retry shortly.',
        statusCode: 503,
      });
    }
    throw error;
  }
}
