// Auth mode oauth end to end: the official MCP client, given only the URL, discovers this Worker as
// its authorization server, registers (DCR), sends a person through consent and the upstream
// OpenID provider's login (a real oidc-provider on loopback), gets tokens and calls tools that show
// exactly that person's groups; refresh re-checks the user upstream; revocation ends access.
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MCP_URL, callWorker, publishFixture } from './helpers.ts';
import { listTools, mcpPost } from './auth-helpers.ts';
import { MemoryOAuthClient, TestBrowser, changeUser, oauthEnv, routeFor, signInAs } from './sign-in-helpers.ts';

const RESTRICTED = 'security-incident-playbook';

beforeAll(async () => {
  await publishFixture();
});

afterEach(async () => {
  await changeUser('alice', { groups: ['engineering'], disabled: false });
});

/** Connects the official client: a 401, discovery, registration, then the person signs in. */
async function connectAs(user: string, env = oauthEnv(), seen: string[] = []) {
  const provider = new MemoryOAuthClient();
  const browser = new TestBrowser(env);
  const fetch = routeFor(env, seen);
  const first = new StreamableHTTPClientTransport(new URL(MCP_URL), { authProvider: provider, fetch });
  await expect(new Client({ name: 'praxis-sign-in-test', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.authorizationUrl).toBeDefined();
  const landed = new URL(await signInAs(browser, provider.authorizationUrl!.href, user));
  expect(landed.searchParams.get('error')).toBeNull();
  await first.finishAuth(landed.searchParams);
  const client = new Client({ name: 'praxis-sign-in-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(MCP_URL), { authProvider: provider, fetch }));
  return { client, provider, browser };
}

async function seesRestricted(client: Client): Promise<boolean> {
  const result = await client.callTool({ name: 'get_process', arguments: { name: RESTRICTED } });
  return !result.isError;
}

describe('signing in through this server (auth mode oauth)', () => {
  it('takes the official MCP client from the URL alone to tool calls that see exactly the signed-in user\'s groups', async () => {
    await changeUser('alice', { groups: ['engineering', 'security-team'] });
    const seen: string[] = [];
    const alice = await connectAs('alice', oauthEnv(), seen);
    try {
      expect(seen).toEqual(expect.arrayContaining([
        'GET http://localhost/.well-known/oauth-protected-resource/mcp',
        'GET http://localhost/.well-known/oauth-authorization-server',
        'POST http://localhost/oauth/register',
        'POST http://localhost/oauth/token',
      ]));
      expect(await seesRestricted(alice.client)).toBe(true);
      const token = alice.provider.stored!;
      expect(token.expires_in).toBeLessThanOrEqual(3600);
      expect(token.refresh_token).toBeTruthy();
    } finally {
      await alice.client.close();
    }
    const bob = await connectAs('bob');
    try {
      expect(await seesRestricted(bob.client)).toBe(false);
      const search = (await bob.client.callTool({ name: 'search_processes', arguments: { query: 'security incident breach' } })).structuredContent as { results: Array<{ name: string }> };
      expect(search.results.map((result) => result.name)).not.toContain(RESTRICTED);
    } finally {
      await bob.client.close();
    }
  });
});
