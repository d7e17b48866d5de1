// Auth mode oauth end to end: the official MCP client, given only the URL, discovers this Worker as
// its authorization server, registers (DCR), sends a person through consent and the upstream
// OpenID provider's login (a real oidc-provider on loopback), gets tokens and calls tools that show
// exactly that person's groups; refresh re-checks the user upstream; revocation ends access.
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MCP_URL, publishFixture } from '../../helpers/workerd/helpers.ts';
import { listTools, mcpPost } from '../../helpers/workerd/auth-helpers.ts';
import {
  MemoryOAuthClient,
  RESTRICTED,
  workerBrowser,
  changeUser,
  getRestricted,
  oauthEnv,
  revokeRefreshToken,
  routeFor,
  rpcResult,
  signInAs,
  signedInTokens,
  tokenRequest,
} from '../../helpers/workerd/sign-in-helpers.ts';
import { CHANGED_USER } from '../../helpers/workerd/changed-user.ts';

beforeAll(async () => {
  await publishFixture();
});

afterEach(async () => {
  await changeUser({ groups: ['engineering'], disabled: false });
});

/** Connects the official client: a 401, discovery, registration, then the person signs in. */
async function connectAs(user: string, env = oauthEnv(), seen: string[] = []) {
  const provider = new MemoryOAuthClient();
  const browser = workerBrowser(env);
  const fetch = routeFor(env, seen);
  const first = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    authProvider: provider,
    fetch,
  });
  await expect(
    new Client({ name: 'praxis-sign-in-test', version: '1.0.0' }).connect(first),
  ).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.authorizationUrl).toBeDefined();
  const landed = new URL(await signInAs(browser, provider.authorizationUrl!.href, user));
  expect(landed.searchParams.get('error')).toBeNull();
  await first.finishAuth(landed.searchParams);
  const client = new Client({ name: 'praxis-sign-in-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(MCP_URL), { authProvider: provider, fetch }),
  );
  return { client, provider, browser };
}

async function seesRestricted(client: Client): Promise<boolean> {
  const result = await client.callTool({ name: 'get_process', arguments: { name: RESTRICTED } });
  return !result.isError;
}

describe('signing in through this server (auth mode oauth)', () => {
  it("takes the official MCP client from the URL alone to tool calls that see exactly the signed-in user's groups", async () => {
    await changeUser({ groups: ['engineering', 'security-team'] });
    const seen: string[] = [];
    const grace = await connectAs(CHANGED_USER, oauthEnv(), seen);
    try {
      expect(seen).toEqual(
        expect.arrayContaining([
          'GET http://localhost/.well-known/oauth-protected-resource/mcp',
          'GET http://localhost/.well-known/oauth-authorization-server',
          'POST http://localhost/oauth/register',
          'POST http://localhost/oauth/token',
        ]),
      );
      expect(await seesRestricted(grace.client)).toBe(true);
      const token = grace.provider.stored!;
      expect(token.expires_in).toBeLessThanOrEqual(3600);
      expect(token.refresh_token).toBeTruthy();
    } finally {
      await grace.client.close();
    }
    const bob = await connectAs('bob');
    try {
      expect(await seesRestricted(bob.client)).toBe(false);
      const search = (
        await bob.client.callTool({
          name: 'search_processes',
          arguments: { query: 'security incident breach' },
        })
      ).structuredContent as { results: Array<{ name: string }> };
      expect(search.results.map((result) => result.name)).not.toContain(RESTRICTED);
    } finally {
      await bob.client.close();
    }
  });
});

describe('refresh and revocation in auth mode oauth', () => {
  it('re-checks the user upstream on refresh: a removed group is gone from the next access token, a disabled user gets no token', async () => {
    const env = oauthEnv();
    await changeUser({ groups: ['engineering', 'security-team'] });
    const first = await signedInTokens(env, CHANGED_USER);
    expect(
      (await rpcResult(await mcpPost(getRestricted, first.access, env))).result?.isError,
    ).toBeFalsy();

    await changeUser({ groups: ['engineering'] });
    const refreshed = await tokenRequest(env, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh,
      client_id: first.clientId,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(first.refresh);
    expect(
      (await rpcResult(await mcpPost(getRestricted, String(refreshed.body.access_token), env)))
        .result?.isError,
    ).toBe(true);

    await changeUser({ disabled: true });
    const refused = await tokenRequest(env, {
      grant_type: 'refresh_token',
      refresh_token: String(refreshed.body.refresh_token),
      client_id: first.clientId,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
    // The grant is revoked with its tokens: the access token from the last refresh stops working too.
    expect((await mcpPost(listTools, String(refreshed.body.access_token), env)).status).toBe(401);
  });

  it('rotates refresh tokens: a used one is refused once its successor has been used', async () => {
    const env = oauthEnv();
    const first = await signedInTokens(env, 'bob');
    const second = await tokenRequest(env, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh,
      client_id: first.clientId,
    });
    const third = await tokenRequest(env, {
      grant_type: 'refresh_token',
      refresh_token: String(second.body.refresh_token),
      client_id: first.clientId,
    });
    expect(third.status).toBe(200);
    const replay = await tokenRequest(env, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh,
      client_id: first.clientId,
    });
    expect(replay.status).toBe(400);
  });

  it('revokes: after RFC 7009 revocation of the refresh token the access token gets 401', async () => {
    const env = oauthEnv();
    const { clientId, access, refresh } = await signedInTokens(env, 'bob');
    expect((await mcpPost(listTools, access, env)).status).toBe(200);
    const revoked = await revokeRefreshToken(env, clientId, refresh);
    expect(revoked.status).toBe(200);
    const after = await mcpPost(listTools, access, env);
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain(
      'resource_metadata="http://localhost/.well-known/oauth-protected-resource/mcp"',
    );
  });
});
