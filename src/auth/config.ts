// Auth settings from the Worker's vars/secrets, checked once per isolate.
import { AUTH_MODES, type AuthMode } from './principal.ts';

export interface AuthEnv {
  PRAXIS_AUTH_MODE?: string;
  PRAXIS_LOCAL_SECRET?: string;
}

export interface AuthConfig {
  mode: AuthMode;
  localSecret?: string;
}

export type AuthConfigResult = { ok: true; config: AuthConfig } | { ok: false; message: string };

const MIN_SECRET_LENGTH = 32;

export function readAuthConfig(env: AuthEnv): AuthConfigResult {
  const mode = (env.PRAXIS_AUTH_MODE ?? 'local').trim().toLowerCase();
  if (!AUTH_MODES.includes(mode as AuthMode)) {
    return { ok: false, message: `PRAXIS_AUTH_MODE='${env.PRAXIS_AUTH_MODE}' is not a known mode (${AUTH_MODES.join(', ')})` };
  }
  if (mode === 'local') {
    const secret = env.PRAXIS_LOCAL_SECRET;
    if (!secret || secret.length < MIN_SECRET_LENGTH) {
      return { ok: false, message: `PRAXIS_AUTH_MODE=local needs PRAXIS_LOCAL_SECRET of at least ${MIN_SECRET_LENGTH} characters (praxis dev sets it; deployed Workers: wrangler secret put PRAXIS_LOCAL_SECRET)` };
    }
    return { ok: true, config: { mode, localSecret: secret } };
  }
  return { ok: true, config: { mode: mode as AuthMode } };
}
