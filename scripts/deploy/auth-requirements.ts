// What each auth mode needs from a deployment, keyed by mode: the vars wrangler.toml must set, the
// secrets `praxis deploy` puts with `wrangler secret put`, the KV bindings it must declare — or why
// the mode may not be deployed at all. Each mode states its own needs (src/shared/auth/modes.ts).
import { AUTH_MODE_DEPLOYMENTS, type DeploymentNeeds } from '../../src/shared/auth/modes.ts';

export type AuthRequirements = DeploymentNeeds;

export const AUTH_REQUIREMENTS: Record<string, AuthRequirements> = Object.fromEntries(
  Object.entries(AUTH_MODE_DEPLOYMENTS).map(([mode, definition]) => [mode, definition.deployment]),
);

/** Modes a deployed Worker may use, for the message that names the setting to change. */
export const DEPLOYABLE_MODES = Object.keys(AUTH_REQUIREMENTS).filter(
  (mode) => !AUTH_REQUIREMENTS[mode]!.refused,
);

/** Vars holding URLs that must be https on a public endpoint. */
export const HTTPS_VARS = new Set(['PRAXIS_AUTH_RESOURCE', 'PRAXIS_OIDC_ISSUER']);
