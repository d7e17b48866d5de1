// Request → Principal, or the reason it is refused. One function per kind of credential; the mode
// decides which one checks a token (modes.ts; auto: chosen by the token's issuer).
import { groupsOf, scopesOf } from './claims.ts';
import { verifyCloudToken } from './cloud-token.ts';
import type { AuthConfig } from './config.ts';
import { verifyLocalToken } from '../../shared/auth/local-token.ts';
import { AUTH_MODES, type Credential } from './modes.ts';
import { verifyOAuthAccessToken } from './oauth/access-token.ts';
import type { OAuthStateEnv } from './oauth/authorization-server.ts';
import { ANONYMOUS_DEVELOPER, type Principal } from './principal.ts';
import { isLoopbackHostname } from './url-rules.ts';
import { rememberedVerification, type Verified } from './verified-tokens.ts';

export type AuthFailureCode = 'AUTHENTICATION_REQUIRED' | 'AUTHENTICATION_FAILED';

export interface AuthRefusal {
  ok: false;
  status: 401 | 403 | 503;
  code: AuthFailureCode;
  /** For the client: says what to do, never echoes the token. */
  message: string;
  /** RFC 6750 error for WWW-Authenticate; absent when no credential was presented. */
  oauthError?: 'invalid_token' | 'insufficient_scope';
  retryAfterS?: number;
  /** Known when the token was valid but not sufficient (audit lines only). */
  subject?: string;
}

export type AuthOutcome = { ok: true; principal: Principal } | AuthRefusal;

/** `env` carries OAUTH_KV, where oauth mode looks its access tokens up. */
export async function authenticate(
  request: Request,
  config: AuthConfig,
  env?: Partial<OAuthStateEnv>,
): Promise<AuthOutcome> {
  const mode = AUTH_MODES[config.mode];
  if (!mode.credentialOf) return admitWithoutAuth(request);
  const token = bearerToken(request.headers.get('authorization'));
  if (token === undefined) {
    return {
      ok: false,
      status: 401,
      code: 'AUTHENTICATION_REQUIRED',
      message: `This endpoint needs a bearer token: send Authorization: Bearer <token>${mode.missingTokenHint}.`,
    };
  }
  if (token === null)
    return invalidToken('The Authorization header must have the form: Bearer <token>.');
  const credential = mode.credentialOf(token, config);
  // oauth mode's tokens can be revoked: they are checked against their record every time.
  const outcome =
    credential === 'oauth'
      ? await oauthPrincipal(token, config, env)
      : await rememberedVerification(token, config, () =>
          JWT_PRINCIPAL_OF[credential](token, config),
        );
  if (!outcome.ok) return outcome;
  return requireScopes(outcome.principal, config.cloud?.requiredScopes ?? []);
}

/**
 * A development token's groups count in auth mode local only. In auto, oauth or cloud the local
 * secret sits next to an identity provider that says who is in which group, and whoever holds that
 * secret must not be able to mint author or restricted access: the groups are dropped.
 */
async function localPrincipal(token: string, config: AuthConfig): Promise<Verified | AuthRefusal> {
  const check = await verifyLocalToken(token, config.localSecret!);
  if (!check.ok) return invalidToken(`Invalid token: ${check.reason}.`);
  const groups = config.mode === 'local' ? check.groups : [];
  return {
    ok: true,
    principal: { subject: check.subject, groups, scopes: check.scopes, via: 'local' },
    until: check.endsAt,
  };
}

async function cloudPrincipal(token: string, config: AuthConfig): Promise<Verified | AuthRefusal> {
  const cloud = config.cloud!;
  const check = await verifyCloudToken(token, cloud);
  if (check.ok) {
    const { payload } = check;
    return {
      ok: true,
      principal: {
        subject: payload.sub!,
        groups: groupsOf(payload, cloud.groupsClaim),
        scopes: scopesOf(payload),
        via: 'cloud',
      },
      until: payload.exp!,
    };
  }
  if (check.unavailable) {
    console.error(JSON.stringify({ event: 'identity_provider_unavailable', reason: check.reason }));
    return {
      ok: false,
      status: 503,
      code: 'AUTHENTICATION_FAILED',
      retryAfterS: check.retryAfterS,
      message: `The identity provider could not be reached to verify the token; retry in ${check.retryAfterS} seconds.`,
    };
  }
  return invalidToken(`Invalid token: ${check.reason}.`);
}

async function oauthPrincipal(
  token: string,
  config: AuthConfig,
  env: Partial<OAuthStateEnv> | undefined,
): Promise<AuthOutcome> {
  if (!env?.OAUTH_KV) throw new Error('auth mode oauth needs the OAUTH_KV binding (wrangler.toml)');
  const check = await verifyOAuthAccessToken(token, config.oauth!, env as OAuthStateEnv);
  return check.ok ? check : invalidToken(`Invalid token: ${check.reason}.`);
}

/** The credentials that are JWTs, decided by the token, the configuration and the clock alone. */
const JWT_PRINCIPAL_OF: Record<
  Exclude<Credential, 'oauth'>,
  (token: string, config: AuthConfig) => Promise<Verified | AuthRefusal>
> = {
  local: localPrincipal,
  cloud: cloudPrincipal,
};

/** Local development tokens carry praxis:read, which is not an identity provider's scope: they are exempt. */
function requireScopes(principal: Principal, required: string[]): AuthOutcome {
  if (principal.via !== 'cloud') return { ok: true, principal };
  const missing = required.filter((scope) => !principal.scopes.includes(scope));
  if (!missing.length) return { ok: true, principal };
  return {
    ok: false,
    status: 403,
    code: 'AUTHENTICATION_FAILED',
    oauthError: 'insufficient_scope',
    subject: principal.subject,
    message: `The token lacks the scope(s) ${missing.join(' ')}; request a token with scope "${required.join(' ')}".`,
  };
}

const invalidToken = (message: string): AuthRefusal => ({
  ok: false,
  status: 401,
  code: 'AUTHENTICATION_FAILED',
  oauthError: 'invalid_token',
  message,
});

/** `off` exists for protocol testing on a developer's machine; anywhere else it would be an open door. */
function admitWithoutAuth(request: Request): AuthOutcome {
  if (!isLoopbackHostname(new URL(request.url).hostname)) {
    return {
      ok: false,
      status: 403,
      code: 'AUTHENTICATION_FAILED',
      message:
        'Auth mode off is only served on loopback (localhost); configure PRAXIS_AUTH_MODE for this deployment.',
    };
  }
  return { ok: true, principal: { ...ANONYMOUS_DEVELOPER, via: 'off' } };
}

/**
 * undefined: no header; null: a header that is not a well-formed Bearer credential. RFC 6750's
 * b64token plus ':', which separates the parts of the tokens oauth mode issues (user:grant:secret).
 */
function bearerToken(header: string | null): string | null | undefined {
  if (header === null || header.trim() === '') return undefined;
  const match = /^Bearer\s+([A-Za-z0-9\-._~+/:]+=*)\s*$/i.exec(header);
  return match ? match[1]! : null;
}
