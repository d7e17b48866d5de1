// What each auth mode needs from a deployment, in one table: the vars wrangler.toml must set, the
// secrets `praxis deploy` puts with `wrangler secret put`, the KV bindings it must declare — or why
// the mode may not be deployed at all. A new mode is one new row.

export interface AuthRequirements {
  /** Set when the mode must never be served on a public URL: the reason, for the refusal. */
  refused?: string;
  vars: string[];
  secrets: string[];
  /** Secrets no person needs to choose (random keys the Worker signs with): generated when not yet set. */
  generated?: string[];
  bindings: string[];
}

const CLOUD_VARS = ['PRAXIS_AUTH_ISSUERS', 'PRAXIS_AUTH_RESOURCE'];

export const AUTH_REQUIREMENTS: Record<string, AuthRequirements> = {
  off: { refused: 'no authentication: anyone who finds the URL reads every document', vars: [], secrets: [], bindings: [] },
  local: {
    refused: 'development tokens are signed with one shared secret, so whoever holds it can mint a token for anyone',
    vars: [], secrets: ['PRAXIS_LOCAL_SECRET'], bindings: [],
  },
  cloud: { vars: CLOUD_VARS, secrets: [], bindings: [] },
  auto: { vars: CLOUD_VARS, secrets: ['PRAXIS_LOCAL_SECRET'], bindings: [] },
  oauth: {
    vars: ['PRAXIS_AUTH_RESOURCE', 'PRAXIS_OIDC_ISSUER', 'PRAXIS_OIDC_CLIENT_ID'],
    secrets: ['PRAXIS_OIDC_CLIENT_SECRET', 'PRAXIS_CONSENT_SECRET'],
    generated: ['PRAXIS_CONSENT_SECRET'],
    bindings: ['OAUTH_KV'],
  },
};

/** Modes a deployed Worker may use, for the message that names the setting to change. */
export const DEPLOYABLE_MODES = Object.keys(AUTH_REQUIREMENTS).filter((mode) => !AUTH_REQUIREMENTS[mode]!.refused);

/** Vars holding URLs that must be https on a public endpoint. */
export const HTTPS_VARS = new Set(['PRAXIS_AUTH_RESOURCE', 'PRAXIS_OIDC_ISSUER']);
