// `praxis dev --auth oauth`: the Worker's oauth-mode settings for a local run, and — unless
// --oidc-issuer names a real identity provider — the development OpenID provider on loopback
// that signs in the documented users (alice / alice in engineering and praxis-authors, bob / bob in
// no group).
import { randomBytes } from 'node:crypto';

export interface OAuthDevOptions {
  /** Where MCP clients reach the Worker, e.g. http://127.0.0.1:8787 */
  origin: string;
  /** A real provider instead of the development one; its client ID and secret come from the environment. */
  oidcIssuer?: string;
}

export interface OAuthDevSetup {
  /** Lines for the Worker's env file (the secrets never reach argv). */
  env: string[];
  /** What to print: where people sign in, and as whom. */
  description: string;
  close(): Promise<void>;
}

export async function prepareOAuthDev(options: OAuthDevOptions): Promise<OAuthDevSetup> {
  const callback = `${options.origin}/oauth/callback`;
  // The insights page signs people in on its own callback (src/worker/insights/page/sign-in.ts).
  const pageCallback = `${options.origin}/insights/callback`;
  const common = [
    'PRAXIS_AUTH_MODE=oauth',
    `PRAXIS_AUTH_RESOURCE=${options.origin}/mcp`,
    // Remembered consent lasts as long as this run.
    `PRAXIS_CONSENT_SECRET=${randomBytes(32).toString('base64url')}`,
  ];
  if (options.oidcIssuer) {
    const clientId = process.env.PRAXIS_OIDC_CLIENT_ID;
    if (!clientId)
      throw new Error(
        '--oidc-issuer needs PRAXIS_OIDC_CLIENT_ID (and usually PRAXIS_OIDC_CLIENT_SECRET) in the environment: the app registered for Praxis at that provider',
      );
    const lines = [
      ...common,
      `PRAXIS_OIDC_ISSUER=${options.oidcIssuer}`,
      `PRAXIS_OIDC_CLIENT_ID=${clientId}`,
    ];
    if (process.env.PRAXIS_OIDC_CLIENT_SECRET)
      lines.push(`PRAXIS_OIDC_CLIENT_SECRET=${process.env.PRAXIS_OIDC_CLIENT_SECRET}`);
    if (process.env.PRAXIS_OIDC_SCOPES)
      lines.push(`PRAXIS_OIDC_SCOPES=${process.env.PRAXIS_OIDC_SCOPES}`);
    if (process.env.PRAXIS_AUTH_GROUPS_CLAIM)
      lines.push(`PRAXIS_AUTH_GROUPS_CLAIM=${process.env.PRAXIS_AUTH_GROUPS_CLAIM}`);
    return {
      env: lines,
      description: `Sign-in goes to ${options.oidcIssuer} (redirect URIs to register there: ${callback}, and ${pageCallback} for the insights page).`,
      close: async () => undefined,
    };
  }
  // oidc-provider is a development dependency: loaded only here.
  const { startSignInProvider } = await import('./sign-in-provider.ts');
  const provider = await startSignInProvider({ redirectUris: [callback, pageCallback] });
  return {
    env: [
      ...common,
      `PRAXIS_OIDC_ISSUER=${provider.issuer}`,
      `PRAXIS_OIDC_CLIENT_ID=${provider.clientId}`,
      `PRAXIS_OIDC_CLIENT_SECRET=${provider.clientSecret}`,
    ],
    description: `Development sign-in at ${provider.issuer} (a client's sign-in brings your browser there): alice / alice (groups engineering, praxis-authors), bob / bob (no group).`,
    close: provider.close,
  };
}
