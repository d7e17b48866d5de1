// The auth modes as the Worker runs them, one object each: how the mode reads its settings (refused
// as a whole when anything is missing or contradictory), which credential checks a presented token,
// and what the rest of the Worker needs to know about it — the hint for a request without a token
// and whether the Host header is held to loopback. The mode names and what a deployment of each must
// provide are src/shared/auth/modes.ts, which `praxis deploy` reads without loading the Worker. A new
// mode is one entry here and one there (plus its credential check, if it brings a new kind of token).
import { isAuthMode, type AuthMode } from '../../shared/auth/modes.ts';
import { readCloudConfig, type CloudAuthConfig, type CloudAuthEnv } from './cloud-config.ts';
import { claimedIssuer } from './cloud-token.ts';
import { LOCAL_ISSUER } from '../../shared/auth/local-token.ts';
import { readOAuthModeConfig, type OAuthModeConfig, type OAuthModeEnv } from './oauth/config.ts';
import { isLoopbackHostname } from './url-rules.ts';

export interface AuthEnv extends CloudAuthEnv, OAuthModeEnv {
  PRAXIS_AUTH_MODE?: string;
  PRAXIS_LOCAL_SECRET?: string;
}

export interface AuthConfig {
  mode: AuthMode;
  localSecret?: string;
  /** Present in cloud and auto modes. */
  cloud?: CloudAuthConfig;
  /** Present in oauth mode: this Worker is the authorization server, sign-in is federated upstream. */
  oauth?: OAuthModeConfig;
}

export type AuthConfigResult = { ok: true; config: AuthConfig } | { ok: false; message: string };

/** The kinds of bearer token the Worker can check (authenticate.ts has one check per kind). */
export type Credential = 'local' | 'cloud' | 'oauth';

export interface AuthModeDefinition {
  /** The mode's settings, or the problem that makes the endpoint refuse to serve. */
  readSettings(env: AuthEnv): AuthConfigResult;
  /** Which credential check a presented bearer token goes to; undefined: the mode asks for no token. */
  credentialOf?(token: string, config: AuthConfig): Credential;
  /** Ends "This endpoint needs a bearer token: send Authorization: Bearer <token>…" for a request without one. */
  missingTokenHint: string;
  /** Why the mode has no OAuth authorization server, for the 404 of the protected-resource metadata. */
  withoutAuthorizationServer?: string;
  /** Whether the Host header must name an allowed or loopback host (DNS-rebinding protection for endpoints on a developer's machine). */
  hostChecked(config: AuthConfig): boolean;
}

const MIN_SECRET_LENGTH = 32;
const ISSUER_HINT =
  " from your identity provider (see this server's /.well-known/oauth-protected-resource)";

function localSecretFor(
  mode: 'local' | 'auto',
  env: AuthEnv,
): { ok: true; secret: string } | { ok: false; message: string } {
  const secret = env.PRAXIS_LOCAL_SECRET;
  if (!secret || secret.length < MIN_SECRET_LENGTH) {
    return {
      ok: false,
      message: `PRAXIS_AUTH_MODE=${mode} needs PRAXIS_LOCAL_SECRET of at least ${MIN_SECRET_LENGTH} characters (praxis dev sets it; deployed Workers: wrangler secret put PRAXIS_LOCAL_SECRET)${mode === 'auto' ? '; without local tokens use PRAXIS_AUTH_MODE=cloud' : ''}`,
    };
  }
  return { ok: true, secret };
}

/** A token signed with the local secret names the local issuer; the modes that accept both kinds tell them apart by it. */
const claimsLocalIssuer = (token: string): boolean => claimedIssuer(token) === LOCAL_ISSUER;

export const AUTH_MODES: Readonly<Record<AuthMode, AuthModeDefinition>> = {
  local: {
    readSettings(env) {
      const local = localSecretFor('local', env);
      return local.ok ? { ok: true, config: { mode: 'local', localSecret: local.secret } } : local;
    },
    credentialOf: () => 'local',
    missingTokenHint: ' (local development: run `praxis token`)',
    withoutAuthorizationServer: 'use a token from `praxis token`',
    hostChecked: () => true,
  },
  cloud: {
    readSettings(env) {
      const cloud = readCloudConfig(env, 'cloud');
      return cloud.ok ? { ok: true, config: { mode: 'cloud', cloud: cloud.config } } : cloud;
    },
    credentialOf: () => 'cloud',
    missingTokenHint: ISSUER_HINT,
    hostChecked: () => false,
  },
  auto: {
    readSettings(env) {
      const local = localSecretFor('auto', env);
      if (!local.ok) return local;
      const cloud = readCloudConfig(env, 'auto');
      return cloud.ok
        ? { ok: true, config: { mode: 'auto', localSecret: local.secret, cloud: cloud.config } }
        : cloud;
    },
    credentialOf: (token) => (claimsLocalIssuer(token) ? 'local' : 'cloud'),
    missingTokenHint: ISSUER_HINT,
    hostChecked: () => false,
  },
  oauth: {
    readSettings(env) {
      const oauth = readOAuthModeConfig(env as OAuthModeEnv & Record<string, unknown>);
      if (!oauth.ok) return oauth;
      const config: AuthConfig = { mode: 'oauth', oauth: oauth.config };
      // `praxis token` tokens keep working next to signed-in ones when a local secret is set (praxis dev, scripts).
      if (env.PRAXIS_LOCAL_SECRET !== undefined) {
        if (env.PRAXIS_LOCAL_SECRET.length < MIN_SECRET_LENGTH)
          return {
            ok: false,
            message: `PRAXIS_AUTH_MODE=oauth: PRAXIS_LOCAL_SECRET, when set, must have at least ${MIN_SECRET_LENGTH} characters`,
          };
        config.localSecret = env.PRAXIS_LOCAL_SECRET;
      }
      return { ok: true, config };
    },
    credentialOf: (token, config) =>
      config.localSecret !== undefined && claimsLocalIssuer(token) ? 'local' : 'oauth',
    missingTokenHint:
      ' from signing in through this server (an OAuth client finds how from /.well-known/oauth-protected-resource)',
    // On a loopback MCP URL (praxis dev): the same DNS-rebinding protection as local mode.
    hostChecked: (config) =>
      config.oauth !== undefined && isLoopbackHostname(new URL(config.oauth.resource).hostname),
  },
  // For protocol testing on a developer's machine: served on loopback only (authenticate.ts).
  off: {
    readSettings: () => ({ ok: true, config: { mode: 'off' } }),
    missingTokenHint: '',
    withoutAuthorizationServer: 'no token is needed',
    hostChecked: () => true,
  },
};

/** The definition of a mode named in settings, if it is one (never an inherited property). */
export const authModeNamed = (name: string): AuthModeDefinition | undefined =>
  isAuthMode(name) ? AUTH_MODES[name] : undefined;
