// Auth settings from the Worker's vars/secrets, refused as a whole when anything is unknown or
// contradictory: a misconfigured endpoint answers 500, never "open". Each mode reads its own
// settings (modes.ts). Vars and secrets are fixed for an env object (a new deploy or secret starts
// new isolates), so they are read once per env object, not on every request.
import { AUTH_MODE_NAMES } from '../../shared/auth/modes.ts';
import { authModeNamed, type AuthConfigResult, type AuthEnv } from './modes.ts';

export type { AuthConfig, AuthConfigResult, AuthEnv } from './modes.ts';

const KNOWN_VARIABLES = new Set([
  'PRAXIS_AUTH_MODE',
  'PRAXIS_AUTH_ISSUERS',
  'PRAXIS_AUTH_RESOURCE',
  'PRAXIS_AUTH_AUDIENCE_ALIASES',
  'PRAXIS_AUTH_REQUIRED_SCOPES',
  'PRAXIS_AUTH_GROUPS_CLAIM',
  'PRAXIS_AUTH_ALGORITHMS',
  'PRAXIS_AUTH_JWKS_COOLDOWN_S',
]);

const readFor = new WeakMap<AuthEnv, AuthConfigResult>();

export function readAuthConfig(env: AuthEnv): AuthConfigResult {
  let result = readFor.get(env);
  if (!result) {
    result = settingsOf(env);
    readFor.set(env, result);
  }
  return result;
}

function settingsOf(env: AuthEnv): AuthConfigResult {
  const unknown = Object.keys(env).filter(
    (name) => name.startsWith('PRAXIS_AUTH_') && !KNOWN_VARIABLES.has(name),
  );
  if (unknown.length) {
    return {
      ok: false,
      message: `unknown auth setting ${unknown.join(', ')} (known: ${[...KNOWN_VARIABLES].join(', ')}) — a misspelt setting would otherwise be silently ignored`,
    };
  }
  const mode = authModeNamed((env.PRAXIS_AUTH_MODE ?? 'local').trim().toLowerCase());
  if (!mode)
    return {
      ok: false,
      message: `PRAXIS_AUTH_MODE='${env.PRAXIS_AUTH_MODE}' is not a known mode (${AUTH_MODE_NAMES.join(', ')})`,
    };
  return mode.readSettings(env);
}
