// The identity-provider half of the auth settings (modes cloud and auto): which issuers are
// trusted, which audience this server answers to, what a token must carry.
import { secureUrlProblem } from './url-rules.ts';

export interface CloudAuthEnv {
  PRAXIS_AUTH_ISSUERS?: string;
  PRAXIS_AUTH_RESOURCE?: string;
  PRAXIS_AUTH_AUDIENCE_ALIASES?: string;
  PRAXIS_AUTH_REQUIRED_SCOPES?: string;
  PRAXIS_AUTH_GROUPS_CLAIM?: string;
  PRAXIS_AUTH_ALGORITHMS?: string;
  PRAXIS_AUTH_JWKS_COOLDOWN_S?: string;
}

export interface CloudAuthConfig {
  /** Exact `iss` values accepted; each one's keys are found by OIDC discovery. */
  issuers: string[];
  /** This server's canonical resource URL (RFC 8707), advertised in the metadata document. */
  resource: string;
  /** Every `aud` value accepted: the resource (with and without a trailing slash) and its aliases. */
  audiences: string[];
  requiredScopes: string[];
  groupsClaim: string;
  algorithms: string[];
  jwksCooldownS: number;
}

type Result = { ok: true; config: CloudAuthConfig } | { ok: false; message: string };

/** Asymmetric algorithms only: an HS* token could be forged by anyone holding the issuer's public key. */
export const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];
const DEFAULT_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA', 'Ed25519'];
const DEFAULT_COOLDOWN_S = 30;
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

const items = (value: string | undefined): string[] =>
  (value ?? '')
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

export function readCloudConfig(env: CloudAuthEnv, mode: 'cloud' | 'auto'): Result {
  const fail = (message: string): Result => ({
    ok: false,
    message: `PRAXIS_AUTH_MODE=${mode}: ${message}`,
  });
  const issuers = items(env.PRAXIS_AUTH_ISSUERS);
  if (!issuers.length)
    return fail(
      'PRAXIS_AUTH_ISSUERS must name the identity provider issuer URL(s), e.g. https://login.microsoftonline.com/<tenant-id>/v2.0',
    );
  for (const issuer of issuers) {
    const problem = secureUrlProblem(issuer);
    if (problem) return fail(`issuer '${issuer}' ${problem}`);
  }
  if (new Set(issuers).size !== issuers.length)
    return fail('PRAXIS_AUTH_ISSUERS lists an issuer twice');

  const resource = (env.PRAXIS_AUTH_RESOURCE ?? '').trim();
  if (!resource)
    return fail(
      "PRAXIS_AUTH_RESOURCE must be this server's public MCP URL (the token audience), e.g. https://praxis.example.com/mcp",
    );
  const resourceProblem = secureUrlProblem(resource);
  if (resourceProblem) return fail(`PRAXIS_AUTH_RESOURCE '${resource}' ${resourceProblem}`);
  const aliases = items(env.PRAXIS_AUTH_AUDIENCE_ALIASES);

  const requiredScopes = items(env.PRAXIS_AUTH_REQUIRED_SCOPES);
  const badScope = requiredScopes.find((scope) => !SCOPE_TOKEN.test(scope));
  if (badScope !== undefined)
    return fail(`PRAXIS_AUTH_REQUIRED_SCOPES: '${badScope}' is not a valid OAuth scope`);

  const groupsClaim = (env.PRAXIS_AUTH_GROUPS_CLAIM ?? 'groups').trim();
  if (!groupsClaim || /\s/.test(groupsClaim))
    return fail(
      `PRAXIS_AUTH_GROUPS_CLAIM '${env.PRAXIS_AUTH_GROUPS_CLAIM}' must be one claim name such as groups or roles`,
    );

  const algorithms =
    env.PRAXIS_AUTH_ALGORITHMS === undefined
      ? DEFAULT_ALGORITHMS
      : items(env.PRAXIS_AUTH_ALGORITHMS);
  const refused = algorithms.filter((alg) => !ASYMMETRIC_ALGORITHMS.includes(alg));
  if (refused.length)
    return fail(
      `PRAXIS_AUTH_ALGORITHMS may list only asymmetric signature algorithms (${ASYMMETRIC_ALGORITHMS.join(', ')}); refused: ${refused.join(', ')}`,
    );
  if (!algorithms.length)
    return fail('PRAXIS_AUTH_ALGORITHMS is empty: no token could ever be accepted');

  const cooldown =
    env.PRAXIS_AUTH_JWKS_COOLDOWN_S === undefined
      ? DEFAULT_COOLDOWN_S
      : Number(env.PRAXIS_AUTH_JWKS_COOLDOWN_S);
  if (!Number.isFinite(cooldown) || cooldown < 1 || cooldown > 3600)
    return fail(
      `PRAXIS_AUTH_JWKS_COOLDOWN_S '${env.PRAXIS_AUTH_JWKS_COOLDOWN_S}' must be a number of seconds between 1 and 3600`,
    );

  const audiences = [
    ...new Set(
      [resource, ...aliases].flatMap((value) =>
        value.includes('://') ? withAndWithoutSlash(value) : [value],
      ),
    ),
  ];
  return {
    ok: true,
    config: {
      issuers,
      resource,
      audiences,
      requiredScopes,
      groupsClaim,
      algorithms,
      jwksCooldownS: cooldown,
    },
  };
}

/** Providers disagree on whether https://host/mcp and https://host/mcp/ are one audience; accept both. */
function withAndWithoutSlash(value: string): string[] {
  return value.endsWith('/') ? [value, value.slice(0, -1)] : [value, `${value}/`];
}
