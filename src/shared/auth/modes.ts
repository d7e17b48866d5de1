// The auth modes as a deployment and its clients see them: their names, and what each mode asks of
// a deployment (vars in wrangler.toml, secrets `praxis deploy` puts, KV bindings — or why it may not
// be deployed at all) and of the clients that connect to it. Pure data: `praxis deploy` and the
// client configurations read it without loading the Worker. How the Worker reads a mode's settings
// and checks its tokens is src/worker/auth/modes.ts, one entry per mode named here; a new mode is
// an entry in both (TypeScript refuses a mode missing from either).

export type AuthMode = 'local' | 'cloud' | 'auto' | 'oauth' | 'off';

/** What a deployment of the mode needs: vars in wrangler.toml, secrets `praxis deploy` puts, KV bindings — or why it may not be deployed. */
export interface DeploymentNeeds {
  /** Set when the mode must never be served on a public URL: the reason, for the refusal. */
  refused?: string;
  vars: string[];
  secrets: string[];
  /** Secrets no person needs to choose (random keys the Worker signs with): generated when not yet set. */
  generated?: string[];
  bindings: string[];
}

export interface AuthModeDeployment {
  /** Whether clients bring a token from the identity provider (a bearer to paste), rather than signing in through the endpoint. */
  tokensFromIdentityProvider: boolean;
  /** Whether `praxis deploy` can mint itself a token (a local one) for its check call, given the local secret. */
  deployMintsLocalToken: boolean;
  deployment: DeploymentNeeds;
}

const CLOUD_VARS = ['PRAXIS_AUTH_ISSUERS', 'PRAXIS_AUTH_RESOURCE'];

export const AUTH_MODE_DEPLOYMENTS: Readonly<Record<AuthMode, AuthModeDeployment>> = {
  local: {
    tokensFromIdentityProvider: false,
    deployMintsLocalToken: false,
    deployment: {
      refused:
        'development tokens are signed with one shared secret, so whoever holds it can mint a token for anyone',
      vars: [],
      secrets: ['PRAXIS_LOCAL_SECRET'],
      bindings: [],
    },
  },
  cloud: {
    tokensFromIdentityProvider: true,
    deployMintsLocalToken: false,
    deployment: { vars: CLOUD_VARS, secrets: [], bindings: [] },
  },
  auto: {
    tokensFromIdentityProvider: true,
    deployMintsLocalToken: true,
    deployment: { vars: CLOUD_VARS, secrets: ['PRAXIS_LOCAL_SECRET'], bindings: [] },
  },
  oauth: {
    tokensFromIdentityProvider: false,
    deployMintsLocalToken: false,
    deployment: {
      vars: ['PRAXIS_AUTH_RESOURCE', 'PRAXIS_OIDC_ISSUER', 'PRAXIS_OIDC_CLIENT_ID'],
      secrets: ['PRAXIS_OIDC_CLIENT_SECRET', 'PRAXIS_CONSENT_SECRET'],
      generated: ['PRAXIS_CONSENT_SECRET'],
      bindings: ['OAUTH_KV'],
    },
  },
  // For protocol testing on a developer's machine: served on loopback only (src/worker/auth/authenticate.ts).
  off: {
    tokensFromIdentityProvider: false,
    deployMintsLocalToken: false,
    deployment: {
      refused: 'no authentication: anyone who finds the URL reads every document',
      vars: [],
      secrets: [],
      bindings: [],
    },
  },
};
export const AUTH_MODE_NAMES = Object.keys(AUTH_MODE_DEPLOYMENTS) as AuthMode[];

/** Whether `name` (from settings) is a mode: an own key of the table, never an inherited property. */
export const isAuthMode = (name: string): name is AuthMode =>
  Object.hasOwn(AUTH_MODE_DEPLOYMENTS, name);

/** What a deployment of the mode named in settings needs, if it is one. */
export const authModeDeploymentNamed = (name: string): AuthModeDeployment | undefined =>
  isAuthMode(name) ? AUTH_MODE_DEPLOYMENTS[name] : undefined;
