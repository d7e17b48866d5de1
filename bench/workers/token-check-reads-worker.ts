// Runs in workerd (bench/lib/token-check-reads.ts bundles it and serves it with Miniflare): counts the
// KV reads Praxis's authenticate() makes per check of each kind of token, on the real OAUTH_KV
// namespace through a binding that writes every read down. The oauth token is a real one, issued by
// workers-oauth-provider through its API (authorize → code → token endpoint with PKCE), as the
// Worker issues them; the local token is a `praxis token` one.
import { authenticate } from '../../src/worker/auth/authenticate.ts';
import { readAuthConfig, type AuthConfig } from '../../src/worker/auth/config.ts';
import { issueLocalToken } from '../../src/shared/auth/local-token.ts';
import {
  authorizationServerFor,
  PRAXIS_SCOPE,
  TOKEN_PATH,
} from '../../src/worker/auth/oauth/authorization-server.ts';
import type { GrantProps } from '../../src/worker/auth/oauth/identity.ts';

export interface TokenCheckReads {
  /** KV reads per check, by kind of token, averaged over `checks` checks each. */
  local: number;
  oauth: number;
  checks: number;
  /** What the oauth check read: each key's first part (e.g. `token`), or `list:<prefix>`. */
  oauthKeys: string[];
}

const RESOURCE = 'http://127.0.0.1:8787/mcp';
const REDIRECT = 'http://127.0.0.1:8976/callback';

export default {
  async fetch(
    request: Request,
    env: { OAUTH_KV: KVNamespace },
    ctx: ExecutionContext,
  ): Promise<Response> {
    const checks = Number(new URL(request.url).searchParams.get('checks') ?? '20');
    const reads: string[] = [];
    const kv = env.OAUTH_KV;
    const counted = {
      get: (key: string, options?: unknown) => (reads.push(key), kv.get(key, options as never)),
      getWithMetadata: (key: string, options?: unknown) => (
        reads.push(key),
        kv.getWithMetadata(key, options as never)
      ),
      list: (options?: KVNamespaceListOptions) => (
        reads.push(`list:${options?.prefix ?? ''}`),
        kv.list(options)
      ),
      put: kv.put.bind(kv),
      delete: kv.delete.bind(kv),
    } as unknown as KVNamespace;
    const settings = {
      PRAXIS_AUTH_MODE: 'oauth',
      PRAXIS_AUTH_RESOURCE: RESOURCE,
      // Never contacted: checking an access token does not involve the upstream provider.
      PRAXIS_OIDC_ISSUER: 'http://127.0.0.1:9/unused-upstream',
      PRAXIS_OIDC_CLIENT_ID: 'bench',
      PRAXIS_CONSENT_SECRET: 'bench-consent-secret-0123456789abcdef',
      PRAXIS_LOCAL_SECRET: 'bench-local-secret-0123456789abcdef',
      OAUTH_KV: counted,
    };
    const auth = readAuthConfig(settings);
    if (!auth.ok) return new Response(auth.message, { status: 500 });
    const tokens = {
      local: await issueLocalToken(settings.PRAXIS_LOCAL_SECRET, 'bench'),
      oauth: await issuedAccessToken(auth.config, settings, ctx),
    };
    const readsPerCheck = async (token: string): Promise<number> => {
      reads.length = 0;
      for (let i = 0; i < checks; i++) {
        const outcome = await authenticate(
          new Request(RESOURCE, { method: 'POST', headers: { authorization: `Bearer ${token}` } }),
          auth.config,
          settings,
        );
        if (!outcome.ok) throw new Error(`the token was refused: ${outcome.message}`);
      }
      return reads.length / checks;
    };
    const local = await readsPerCheck(tokens.local);
    const oauth = await readsPerCheck(tokens.oauth);
    const oauthKeys = [
      ...new Set(reads.map((key) => (key.startsWith('list:') ? key : key.split(':')[0]!))),
    ];
    return Response.json({ local, oauth, checks, oauthKeys } satisfies TokenCheckReads);
  },
};

/** An access token as the Worker issues one: client, authorization with PKCE, then the token endpoint. */
async function issuedAccessToken(
  config: AuthConfig,
  env: { OAUTH_KV: KVNamespace },
  ctx: ExecutionContext,
): Promise<string> {
  const server = authorizationServerFor(config.oauth!);
  const api = server.getOAuthApi(env);
  const client = await api.createClient({
    redirectUris: [REDIRECT],
    tokenEndpointAuthMethod: 'none',
    clientName: 'token-check reads bench',
  });
  const verifier = crypto.randomUUID() + crypto.randomUUID();
  const challenge = btoa(
    String.fromCharCode(
      ...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))),
    ),
  )
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/(?<!=)=+$/, '');
  const authorize = new URL('/authorize', config.oauth!.issuer);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: REDIRECT,
    scope: PRAXIS_SCOPE,
    state: 'bench',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: RESOURCE,
  }).toString();
  const props: GrantProps = {
    identity: { subject: 'alice', groups: ['engineering'] },
    upstream: {},
  };
  const { redirectTo } = await api.completeAuthorization({
    request: await api.parseAuthRequest(new Request(authorize)),
    userId: 'bench-user',
    metadata: {},
    scope: [PRAXIS_SCOPE],
    props,
  });
  const response = await server.fetch(
    new Request(new URL(TOKEN_PATH, config.oauth!.issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: new URL(redirectTo).searchParams.get('code')!,
        code_verifier: verifier,
        client_id: client.clientId,
        redirect_uri: REDIRECT,
        resource: RESOURCE,
      }).toString(),
    }),
    env,
    ctx,
  );
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token)
    throw new Error(`the token endpoint answered ${response.status}: ${JSON.stringify(body)}`);
  return body.access_token;
}
