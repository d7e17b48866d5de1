// The settings of auth mode `oauth`: this Worker is the OAuth 2.1 authorization server MCP clients
// register with, and it federates the actual sign-in to one upstream OpenID Connect provider.
import { secureUrlProblem } from '../url-rules.ts';

export interface OAuthModeEnv {
  PRAXIS_AUTH_RESOURCE?: string;
  PRAXIS_AUTH_GROUPS_CLAIM?: string;
  PRAXIS_OIDC_ISSUER?: string;
  PRAXIS_OIDC_CLIENT_ID?: string;
  PRAXIS_OIDC_CLIENT_SECRET?: string;
  PRAXIS_OIDC_SCOPES?: string;
  PRAXIS_CONSENT_SECRET?: string;
  OAUTH_KV?: unknown;
}

export interface OAuthModeConfig {
  /** This server's MCP URL: the one RFC 8707 resource tokens are issued for. */
  resource: string;
  /** The authorization server's issuer identifier: the resource's origin. */
  issuer: string;
  groupsClaim: string;
  upstream: UpstreamConfig;
  /** HMAC key for the remembered-approval and signed-in-user cookies. */
  cookieSecret: string;
}

export interface UpstreamConfig {
  issuer: string;
  clientId: string;
  /** Absent for a public upstream client (PKCE only). */
  clientSecret?: string;
  scopes: string[];
}

/** The OIDC settings; any other PRAXIS_OIDC_* name is refused, like misspelt PRAXIS_AUTH_* ones. */
export const OIDC_VARIABLES = [
  'PRAXIS_OIDC_ISSUER',
  'PRAXIS_OIDC_CLIENT_ID',
  'PRAXIS_OIDC_CLIENT_SECRET',
  'PRAXIS_OIDC_SCOPES',
];
const DEFAULT_SCOPES = ['openid', 'profile', 'email', 'offline_access'];
const MIN_SECRET_LENGTH = 32;

type Result = { ok: true; config: OAuthModeConfig } | { ok: false; message: string };

export function readOAuthModeConfig(env: OAuthModeEnv & Record<string, unknown>): Result {
  const fail = (message: string): Result => ({
    ok: false,
    message: `PRAXIS_AUTH_MODE=oauth: ${message}`,
  });
  const unknown = Object.keys(env).filter(
    (name) => name.startsWith('PRAXIS_OIDC_') && !OIDC_VARIABLES.includes(name),
  );
  if (unknown.length)
    return fail(`unknown setting ${unknown.join(', ')} (known: ${OIDC_VARIABLES.join(', ')})`);
  const contradictory = [
    'PRAXIS_AUTH_ISSUERS',
    'PRAXIS_AUTH_AUDIENCE_ALIASES',
    'PRAXIS_AUTH_REQUIRED_SCOPES',
    'PRAXIS_AUTH_ALGORITHMS',
  ].filter((name) => env[name] !== undefined);
  if (contradictory.length)
    return fail(
      `${contradictory.join(', ')} belong to cloud mode (tokens from your identity provider); in oauth mode this Worker issues the tokens — remove them or use PRAXIS_AUTH_MODE=cloud`,
    );

  if (!env.OAUTH_KV)
    return fail(
      'the OAUTH_KV namespace binding is missing (wrangler.toml [[kv_namespaces]] binding = "OAUTH_KV"): clients, grants and tokens are kept there',
    );
  const resource = (env.PRAXIS_AUTH_RESOURCE ?? '').trim();
  if (!resource)
    return fail(
      "PRAXIS_AUTH_RESOURCE must be this server's public MCP URL, e.g. https://praxis.example.com/mcp",
    );
  const resourceProblem = secureUrlProblem(resource);
  if (resourceProblem) return fail(`PRAXIS_AUTH_RESOURCE '${resource}' ${resourceProblem}`);

  const upstreamIssuer = (env.PRAXIS_OIDC_ISSUER ?? '').trim();
  if (!upstreamIssuer)
    return fail(
      'PRAXIS_OIDC_ISSUER must name the OpenID Connect provider users sign in with, e.g. https://login.microsoftonline.com/<tenant-id>/v2.0',
    );
  const issuerProblem = secureUrlProblem(upstreamIssuer);
  if (issuerProblem) return fail(`PRAXIS_OIDC_ISSUER '${upstreamIssuer}' ${issuerProblem}`);
  const clientId = (env.PRAXIS_OIDC_CLIENT_ID ?? '').trim();
  if (!clientId)
    return fail(
      'PRAXIS_OIDC_CLIENT_ID must be the client (application) ID registered for Praxis at the OpenID Connect provider',
    );
  const clientSecret = env.PRAXIS_OIDC_CLIENT_SECRET?.trim() || undefined;
  const scopes =
    env.PRAXIS_OIDC_SCOPES === undefined
      ? DEFAULT_SCOPES
      : env.PRAXIS_OIDC_SCOPES.split(/[\s,]+/).filter(Boolean);
  if (!scopes.includes('openid'))
    return fail(`PRAXIS_OIDC_SCOPES '${env.PRAXIS_OIDC_SCOPES}' must include openid`);

  const groupsClaim = (env.PRAXIS_AUTH_GROUPS_CLAIM ?? 'groups').trim();
  if (!groupsClaim || /\s/.test(groupsClaim))
    return fail(
      `PRAXIS_AUTH_GROUPS_CLAIM '${env.PRAXIS_AUTH_GROUPS_CLAIM}' must be one claim name such as groups or roles`,
    );

  const cookieSecret = env.PRAXIS_CONSENT_SECRET ?? '';
  if (cookieSecret.length < MIN_SECRET_LENGTH)
    return fail(
      `PRAXIS_CONSENT_SECRET must be a secret of at least ${MIN_SECRET_LENGTH} characters (wrangler secret put PRAXIS_CONSENT_SECRET); it signs remembered consent`,
    );

  return {
    ok: true,
    config: {
      resource,
      issuer: new URL(resource).origin,
      groupsClaim,
      upstream: { issuer: upstreamIssuer, clientId, clientSecret, scopes },
      cookieSecret,
    },
  };
}
