// SSO in workerd against a real OpenID Connect provider on loopback: discovery, JWKS, the
// rejection matrix with its statuses and challenges, metadata documents, audit lines, auto mode.
import { SignJWT, UnsecuredJWT, exportSPKI, importJWK, type JWK } from 'jose';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetIssuerKeys } from '../../../src/worker/auth/issuer-keys.ts';
import type { Env } from '../../../src/worker/index.ts';
import {
  RESOURCE,
  callTool,
  challengeParams,
  cloudEnv,
  connectWithToken,
  listTools,
  mcpPost,
  providerControl,
  providerToken,
  providers,
  signedByProvider,
} from '../../helpers/workerd/auth-helpers.ts';
import {
  callWorker,
  publishFixture,
  rpcMessage,
  token as localToken,
} from '../../helpers/workerd/helpers.ts';

const METADATA_URL = 'http://localhost/.well-known/oauth-protected-resource/mcp';
const now = () => Math.floor(Date.now() / 1000);
const claims = (extra: Record<string, unknown> = {}) => ({
  iss: providers.stable,
  aud: RESOURCE,
  sub: 'crafted',
  scope: 'praxis:read',
  iat: now(),
  exp: now() + 300,
  ...extra,
});

beforeAll(publishFixture);
beforeEach(resetIssuerKeys);

describe('cloud mode with a real identity provider', () => {
  const env = cloudEnv();

  it('serves tools to the official MCP client holding a provider token (modern and legacy protocol)', async () => {
    for (const era of ['modern', 'legacy'] as const) {
      const client = await connectWithToken(await providerToken('engineer-agent'), env, era);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('get_process');
      const result = await client.callTool({
        name: 'get_process',
        arguments: { name: 'deployment' },
      });
      expect((result.structuredContent as { name: string }).name).toBe('deployment');
      await client.close();
    }
  });

  it('answers a request without a token with 401 AUTHENTICATION_REQUIRED and a challenge pointing at the metadata', async () => {
    const response = await mcpPost(listTools, null, env);
    expect(response.status).toBe(401);
    const params = challengeParams(response);
    expect(params).toMatchObject({ resource_metadata: METADATA_URL, scope: 'praxis:read' });
    expect(params.error).toBeUndefined();
    expect(await response.json()).toEqual({
      error: 'AUTHENTICATION_REQUIRED',
      message: expect.stringContaining('oauth-protected-resource'),
    });
  });

  const rejected: Array<[string, () => Promise<string>, RegExp]> = [
    [
      'an expired token (beyond the 60 s tolerance)',
      () => signedByProvider(claims({ iat: now() - 600, exp: now() - 120 })),
      /expired/,
    ],
    [
      'a token not valid for another 2 minutes',
      () => signedByProvider(claims({ nbf: now() + 120 })),
      /not valid yet/,
    ],
    [
      'a token for another resource (wrong audience)',
      () => providerToken('engineer-agent', { resource: 'https://other.example.com/mcp' }),
      /not issued for this server/,
    ],
    [
      'a token from an untrusted issuer',
      () => signedByProvider(claims({ iss: 'https://evil.example.com' })),
      /issuer https:\/\/evil\.example\.com are not accepted/,
    ],
    [
      'a token claiming the trusted issuer but signed by another provider',
      () => signedByProvider(claims(), { kid: 'key-a' }, providers.rotating),
      /signature is invalid/,
    ],
    [
      'an unsigned token (signature stripped)',
      async () => `${(await providerToken('engineer-agent')).split('.').slice(0, 2).join('.')}.`,
      /not a valid signed JWT|signature/,
    ],
    [
      'an alg "none" token',
      async () => new UnsecuredJWT(claims()).encode(),
      /algorithm is not accepted/,
    ],
    [
      "an HS256 token keyed with the provider's public key",
      hs256WithPublicKey,
      /algorithm is not accepted/,
    ],
    ['a token without a subject', () => signedByProvider(claims({ sub: undefined })), /sub claim/],
  ];

  it.each(rejected)('refuses %s: 401 invalid_token with the challenge', async (_, make, reason) => {
    const response = await mcpPost(listTools, await make(), env);
    expect(response.status).toBe(401);
    expect(challengeParams(response)).toMatchObject({
      error: 'invalid_token',
      resource_metadata: METADATA_URL,
      scope: 'praxis:read',
    });
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe('AUTHENTICATION_FAILED');
    expect(body.message).toMatch(reason);
  });

  it('tolerates up to 60 s of clock skew on exp and nbf', async () => {
    for (const skewed of [claims({ exp: now() - 30 }), claims({ nbf: now() + 30 })]) {
      expect((await mcpPost(listTools, await signedByProvider(skewed), env)).status).toBe(200);
    }
  });

  it('answers a valid token without the required scope with 403 insufficient_scope', async () => {
    const response = await mcpPost(listTools, await providerToken('no-scope-agent'), env);
    expect(response.status).toBe(403);
    expect(challengeParams(response)).toMatchObject({
      error: 'insufficient_scope',
      scope: 'praxis:read',
      resource_metadata: METADATA_URL,
    });
    expect(await response.json()).toEqual({
      error: 'AUTHENTICATION_FAILED',
      message: expect.stringContaining('praxis:read'),
    });
  });

  it('accepts Entra/Okta-style scp claims and configured audience aliases', async () => {
    const aliasEnv = cloudEnv(providers.stable, { PRAXIS_AUTH_AUDIENCE_ALIASES: 'api://praxis' });
    const bearer = await signedByProvider(
      claims({ aud: 'api://praxis', scope: undefined, scp: ['praxis:read'] }),
    );
    expect((await mcpPost(listTools, bearer, aliasEnv)).status).toBe(200);
    expect((await mcpPost(listTools, bearer, env)).status).toBe(401);
  });

  it.each([
    ['5 000 characters long', `https://evil.example.com/${'a'.repeat(5000)}`],
    [
      'a quote that would end the challenge parameter',
      'https://evil.example.com/", error="insufficient_scope", x="',
    ],
    ['a line break and a control character', 'https://evil.example.com/\r\nSet-Cookie: a=b\u0007'],
    ['non-ASCII text', 'https://évil.example.com/ünverified'],
  ])(
    'does not reflect an unverified issuer that is %s, and bounds WWW-Authenticate',
    async (_, iss) => {
      const response = await mcpPost(listTools, await signedByProvider(claims({ iss })), env);
      expect(response.status).toBe(401);
      const challenge = response.headers.get('www-authenticate')!;
      expect(challenge.length).toBeLessThan(1000);
      expect(challenge).not.toContain('evil');
      expect(challengeParams(response).error).toBe('invalid_token');
      const body = (await response.json()) as { message: string };
      expect(body.message).not.toContain('evil');
      expect(body.message).toContain('not accepted');
    },
  );

  it('refuses local development tokens in cloud mode', async () => {
    const response = await mcpPost(listTools, await localToken(), env);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toContain(
      'issuer praxis-local',
    );
  });

  it('answers 503 with Retry-After, not 401 or 500, when the identity provider is unreachable', async () => {
    const down = cloudEnv(providers.unreachable);
    const bearer = await signedByProvider(claims({ iss: providers.unreachable }));
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await mcpPost(listTools, bearer, down);
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(response.headers.get('www-authenticate')).toBeNull();
      expect(await response.json()).toEqual({
        error: 'AUTHENTICATION_FAILED',
        message: expect.stringContaining('identity provider could not be reached'),
      });
    }
  });

  it('writes one audit line per request with subject, tool and outcome, never the token', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const bearer = await providerToken('engineer-agent');
      await mcpPost(callTool('get_process', { name: 'deployment' }), bearer, env);
      await mcpPost(listTools, await providerToken('no-scope-agent'), env);
      const lines = log.mock.calls
        .map(([line]) => String(line))
        .filter((line) => line.includes('"mcp_request"'));
      expect(lines.map((line) => JSON.parse(line))).toEqual([
        expect.objectContaining({
          subject: 'engineer-agent',
          via: 'cloud',
          tool: 'tools/call:get_process',
          outcome: 'served',
          status: 200,
        }),
        // A refused caller's body is never read, so its line names who was refused but no tool.
        expect.objectContaining({
          subject: 'no-scope-agent',
          tool: null,
          outcome: 'insufficient_scope',
          status: 403,
        }),
      ]);
      expect(lines.join('\n')).not.toContain(bearer.split('.')[2]);
    } finally {
      log.mockRestore();
    }
  });
});

describe('protected resource metadata (RFC 9728)', () => {
  it.each(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'])(
    'serves %s in cloud mode',
    async (path) => {
      const response = await callWorker(
        new Request(`http://localhost${path}`),
        cloudEnv(providers.stable, { PRAXIS_AUTH_REQUIRED_SCOPES: 'praxis:read praxis:write' }),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(await response.json()).toEqual({
        resource: RESOURCE,
        authorization_servers: [providers.stable],
        scopes_supported: ['praxis:read', 'praxis:write'],
        bearer_methods_supported: ['header'],
        resource_name: 'Praxis',
      });
    },
  );

  it('names the authorization server that OIDC discovery then describes', async () => {
    const metadata = (await (await callWorker(new Request(METADATA_URL), cloudEnv())).json()) as {
      authorization_servers: string[];
    };
    const discovery = (await (
      await fetch(`${metadata.authorization_servers[0]}/.well-known/openid-configuration`)
    ).json()) as { issuer: string; token_endpoint: string };
    expect(discovery.issuer).toBe(providers.stable);
    expect(discovery.token_endpoint).toBe(`${providers.stable}/token`);
  });

  it('is absent in local mode, where there is no authorization server', async () => {
    const response = await callWorker(new Request(METADATA_URL));
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toContain('praxis token');
  });
});

describe('auto mode', () => {
  const env = cloudEnv(providers.stable, { PRAXIS_AUTH_MODE: 'auto' });

  it('accepts both local development tokens and provider tokens, chosen by issuer', async () => {
    const local = await mcpPost(callTool('list_processes', {}), await localToken('dev'), env);
    expect(local.status).toBe(200);
    expect((await rpcMessage(local)).result.structuredContent.count).toBeGreaterThan(0);
    expect((await mcpPost(listTools, await providerToken('engineer-agent'), env)).status).toBe(200);
  });

  it('still rejects forged tokens of either kind', async () => {
    const forgedLocal = await new SignJWT({ scope: 'praxis:read' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('praxis-local')
      .setAudience('praxis-local-dev')
      .setSubject('mallory')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret-0123456789abcdef-xyz'));
    expect((await mcpPost(listTools, forgedLocal, env)).status).toBe(401);
    expect((await mcpPost(listTools, await hs256WithPublicKey(), env)).status).toBe(401);
  });
});

describe('misconfiguration fails closed', () => {
  it.each<[string, Partial<Env>]>([
    ['cloud mode without issuers', { PRAXIS_AUTH_MODE: 'cloud', PRAXIS_AUTH_RESOURCE: RESOURCE }],
    [
      'cloud mode with HS256 allowed',
      cloudEnv(providers.stable, { PRAXIS_AUTH_ALGORITHMS: 'RS256,HS256' }),
    ],
    ['a misspelt setting', { ...cloudEnv(), PRAXIS_AUTH_ISSUER: providers.stable } as Partial<Env>],
    ['a plain-http issuer off loopback', cloudEnv('http://idp.example.com')],
  ])('answers 500 -32603 for %s, whatever the token', async (_, env) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = await mcpPost(listTools, await providerToken('engineer-agent'), env);
      expect(response.status).toBe(500);
      expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32603);
      expect(error.mock.calls.some(([line]) => String(line).includes('"misconfigured"'))).toBe(
        true,
      );
    } finally {
      error.mockRestore();
    }
  });
});

/** The classic key-confusion attack: HMAC "signed" with the RSA public key the issuer publishes. */
async function hs256WithPublicKey(): Promise<string> {
  const jwk = await providerControl<JWK>(providers.stable, 'public-jwk');
  const pem = await exportSPKI((await importJWK(jwk, 'RS256', { extractable: true })) as CryptoKey);
  return new SignJWT(claims())
    .setProtectedHeader({ alg: 'HS256', kid: jwk.kid })
    .sign(new TextEncoder().encode(pem));
}
