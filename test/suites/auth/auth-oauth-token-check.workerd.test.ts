// What checking a signed-in (oauth mode) access token costs in storage, and that what an isolate
// remembers of a token never outlives its record: every MCP request asks OAUTH_KV once, so
// revocation, expiry and the resource binding take effect on the very next request, even for a
// token the same isolate accepted a moment before. (That a refreshed token carries the groups the provider reports
// then: auth-oauth-sign-in.test.ts.)
import { env as testEnv } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_S } from '../../../src/worker/auth/oauth/authorization-server.ts';
import { checkedToken } from '../../../src/worker/auth/oauth/checked-tokens.ts';
import type { OAuthModeConfig } from '../../../src/worker/auth/oauth/config.ts';
import { listTools, mcpPost } from '../../helpers/workerd/auth-helpers.ts';
import { publishFixture } from '../../helpers/workerd/helpers.ts';
import {
  oauthEnv,
  revokeRefreshToken,
  signedInTokens,
} from '../../helpers/workerd/sign-in-helpers.ts';

/** The real OAUTH_KV namespace, with every read through it written down (key, or list prefix). */
function countingOAuthKv(): { binding: KVNamespace; reads: string[] } {
  const kv = (testEnv as { OAUTH_KV: KVNamespace }).OAUTH_KV;
  const reads: string[] = [];
  const binding = {
    get: (key: string, options?: unknown) => (reads.push(key), kv.get(key, options as never)),
    getWithMetadata: (key: string, options?: unknown) => (
      reads.push(key),
      kv.getWithMetadata(key, options as never)
    ),
    list: (options?: KVNamespaceListOptions) => (
      reads.push(`list ${options?.prefix ?? ''}`),
      kv.list(options)
    ),
    put: kv.put.bind(kv),
    delete: kv.delete.bind(kv),
  };
  return { binding: binding as unknown as KVNamespace, reads };
}

beforeAll(async () => {
  await publishFixture();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('checking a signed-in access token', () => {
  it("reads OAUTH_KV once per MCP request: the token's own record, on every request", async () => {
    const { binding, reads } = countingOAuthKv();
    const env = oauthEnv({ OAUTH_KV: binding });
    const { access } = await signedInTokens(env, 'bob');
    for (let request = 1; request <= 3; request++) {
      reads.length = 0;
      expect((await mcpPost(listTools, access, env)).status).toBe(200);
      expect(reads).toHaveLength(1);
      expect(reads[0]).toMatch(/^token:/);
    }
  });

  it('refuses a revoked token on the next request, though this isolate accepted it a moment before', async () => {
    const env = oauthEnv();
    const { clientId, access, refresh } = await signedInTokens(env, 'bob');
    expect((await mcpPost(listTools, access, env)).status).toBe(200);
    expect((await mcpPost(listTools, access, env)).status).toBe(200);
    const revoked = await revokeRefreshToken(env, clientId, refresh);
    expect(revoked.status).toBe(200);
    expect((await mcpPost(listTools, access, env)).status).toBe(401);
  });

  it('refuses a token once its lifetime has passed, though it was accepted before', async () => {
    const env = oauthEnv();
    const { access } = await signedInTokens(env, 'bob');
    expect((await mcpPost(listTools, access, env)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (ACCESS_TOKEN_TTL_S + 60) * 1000);
    expect((await mcpPost(listTools, access, env)).status).toBe(401);
  });

  it("decides again when the token's record changed since this isolate accepted it: the remembered check is not reused", async () => {
    const { binding, reads } = countingOAuthKv();
    const env = oauthEnv({ OAUTH_KV: binding });
    const { access } = await signedInTokens(env, 'bob');
    reads.length = 0;
    expect((await mcpPost(listTools, access, env)).status).toBe(200);
    const [recordKey] = reads;
    const kv = (testEnv as { OAUTH_KV: KVNamespace }).OAUTH_KV;
    const record = await kv.get<{ expiresAt: number }>(recordKey!, 'json');
    // The same record, but expired an hour ago: what was remembered (a lifetime still running) must not answer.
    await kv.put(
      recordKey!,
      JSON.stringify({ ...record, expiresAt: Math.floor(Date.now() / 1000) - 3600 }),
    );
    expect((await mcpPost(listTools, access, env)).status).toBe(401);
  });

  it('refuses a token one character away from one this isolate accepted a moment before', async () => {
    const env = oauthEnv();
    const { access } = await signedInTokens(env, 'bob');
    expect((await mcpPost(listTools, access, env)).status).toBe(200);
    const last = access.at(-1)!;
    const nearMiss = access.slice(0, -1) + (last === 'a' ? 'b' : 'a');
    expect((await mcpPost(listTools, nearMiss, env)).status).toBe(401);
    expect((await mcpPost(listTools, access, env)).status).toBe(200);
  });

  it('remembers a check only when it read exactly one record, and then reads that record again on every request', async () => {
    const kv = (testEnv as { OAUTH_KV: KVNamespace }).OAUTH_KV;
    const config = {} as OAuthModeConfig;
    const future = Math.floor(Date.now() / 1000) + 600;
    await kv.put('memo-test:a', 'one');
    await kv.put('memo-test:b', 'two');
    let checks = 0;
    const twoReads = async (binding: KVNamespace) => (
      checks++,
      await binding.get('memo-test:a'),
      await binding.get('memo-test:b'),
      { checked: 'two', expiresAt: future }
    );
    expect(await checkedToken('token-two', config, kv, twoReads)).toBe('two');
    expect(await checkedToken('token-two', config, kv, twoReads)).toBe('two');
    expect(checks).toBe(2);
    checks = 0;
    const oneRead = async (binding: KVNamespace) => (
      checks++,
      (await binding.get('memo-test:a', 'json' as never)) === null
        ? null
        : { checked: 'one', expiresAt: future }
    );
    await kv.put('memo-test:a', '"one"');
    expect(await checkedToken('token-one', config, kv, oneRead)).toBe('one');
    expect(await checkedToken('token-one', config, kv, oneRead)).toBe('one');
    expect(checks).toBe(1);
    await kv.delete('memo-test:a');
    expect(await checkedToken('token-one', config, kv, oneRead)).toBeNull();
    expect(checks).toBe(1);
    expect(await checkedToken('token-one', { ...config }, kv, oneRead)).toBeNull();
    expect(checks).toBe(2);
  });

  it('refuses a token for another resource here, though it was just accepted there', async () => {
    const elsewhere = oauthEnv({ PRAXIS_AUTH_RESOURCE: 'http://localhost/other/mcp' });
    const { access } = await signedInTokens(elsewhere, 'bob');
    expect((await mcpPost(listTools, access, elsewhere)).status).not.toBe(401);
    expect((await mcpPost(listTools, access, oauthEnv())).status).toBe(401);
  });
});
