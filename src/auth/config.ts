// Auth settings from the Worker's vars/secrets. Read per request (cheap), refused as a whole when
// anything is unknown or contradictory: a misconfigured endpoint answers 500, never "open".
import { readCloudConfig, type CloudAuthConfig, type CloudAuthEnv } from './cloud-config.ts';
import { readOAuthModeConfig, type OAuthModeConfig, type OAuthModeEnv } from './oauth/config.ts';
import { AUTH_MODES, type AuthMode } from './principal.ts';

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

const MIN_SECRET_LENGTH = 32;
const KNOWN_VARIABLES = new Set([
  'PRAXIS_AUTH_MODE', 'PRAXIS_AUTH_ISSUERS', 'PRAXIS_AUTH_RESOURCE', 'PRAXIS_AUTH_AUDIENCE_ALIASES',
  'PRAXIS_AUTH_REQUIRED_SCOPES', 'PRAXIS_AUTH_GROUPS_CLAIM', 'PRAXIS_AUTH_ALGORITHMS', 'PRAXIS_AUTH_JWKS_COOLDOWN_S',
]);

export function readAuthConfig(env: AuthEnv): AuthConfigResult {
  const unknown = Object.keys(env).filter((name) => name.startsWith('PRAXIS_AUTH_') && !KNOWN_VARIABLES.has(name));
  if (unknown.length) {
    return { ok: false, message: `unknown auth setting ${unknown.join(', ')} (known: ${[...KNOWN_VARIABLES].join(', ')}) — a misspelt setting would otherwise be silently ignored` };
  }
  const mode = (env.PRAXIS_AUTH_MODE ?? 'local').trim().toLowerCase();
  if (!AUTH_MODES.includes(mode as AuthMode)) {
    return { ok: false, message: `PRAXIS_AUTH_MODE='${env.PRAXIS_AUTH_MODE}' is not a known mode (${AUTH_MODES.join(', ')})` };
  }
  if (mode === 'off') return { ok: true, config: { mode } };
  const config: AuthConfig = { mode: mode as AuthMode };
  if (mode === 'local' || mode === 'auto') {
    const secret = env.PRAXIS_LOCAL_SECRET;
    if (!secret || secret.length < MIN_SECRET_LENGTH) {
      return { ok: false, message: `PRAXIS_AUTH_MODE=${mode} needs PRAXIS_LOCAL_SECRET of at least ${MIN_SECRET_LENGTH} characters (praxis dev sets it; deployed Workers: wrangler secret put PRAXIS_LOCAL_SECRET)${mode === 'auto' ? '; without local tokens use PRAXIS_AUTH_MODE=cloud' : ''}` };
    }
    config.localSecret = secret;
  }
  if (mode === 'oauth') {
    const oauth = readOAuthModeConfig(env as OAuthModeEnv & Record<string, unknown>);
    if (!oauth.ok) return oauth;
    config.oauth = oauth.config;
    // `praxis token` tokens keep working next to signed-in ones when a local secret is set (praxis dev, scripts).
    if (env.PRAXIS_LOCAL_SECRET !== undefined) {
      if (env.PRAXIS_LOCAL_SECRET.length < MIN_SECRET_LENGTH) return { ok: false, message: `PRAXIS_AUTH_MODE=oauth: PRAXIS_LOCAL_SECRET, when set, must have at least ${MIN_SECRET_LENGTH} characters` };
      config.localSecret = env.PRAXIS_LOCAL_SECRET;
    }
  }
  if (mode === 'cloud' || mode === 'auto') {
    const cloud = readCloudConfig(env, mode);
    if (!cloud.ok) return cloud;
    config.cloud = cloud.config;
  }
  return { ok: true, config };
}
