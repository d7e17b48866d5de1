// What the Worker refuses before any MCP work, and the JSON-RPC errors of the VitaeContext contract, in workerd.
import { beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import {
  LOCAL_AUDIENCE,
  LOCAL_ISSUER,
  issueLocalToken,
} from '../../../src/shared/auth/local-token.ts';
import {
  MCP_URL,
  callWorker,
  publishFixture,
  rpc,
  rpcMessage,
  testEnv,
  token,
  unpublish,
} from '../../helpers/workerd/helpers.ts';

const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion,
    capabilities: {},
    clientInfo: { name: 'raw-client', version: '1.0.0' },
  },
});

describe('authentication (local mode)', () => {
  beforeAll(publishFixture);

  it('refuses a request without a token: 401, WWW-Authenticate, AUTHENTICATION_REQUIRED', async () => {
    const response = await rpc(initialize('2025-06-18'), { token: null });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(await response.json()).toEqual({
      error: 'AUTHENTICATION_REQUIRED',
      message: expect.stringContaining('praxis token'),
    });
  });

  it.each([
    ['garbage', 'not-a-jwt'],
    [
      'a token signed by another checkout',
      () => issueLocalToken('another-checkouts-secret-0123456789abcdef', 'mallory'),
    ],
  ])('refuses %s: 401 AUTHENTICATION_FAILED with error="invalid_token"', async (_, make) => {
    const bearer = typeof make === 'string' ? make : await make();
    const response = await rpc(initialize('2025-06-18'), { token: bearer });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(((await response.json()) as { error: string }).error).toBe('AUTHENTICATION_FAILED');
  });

  // Signed with this checkout's secret, so only the claims decide: what `praxis token` would never issue is refused.
  const craftedLocalToken = (claims: { sub?: string; iat?: number; exp?: number }) => {
    const jwt = new SignJWT({ scope: 'praxis:read' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(LOCAL_ISSUER)
      .setAudience(LOCAL_AUDIENCE);
    if (claims.sub !== undefined) jwt.setSubject(claims.sub);
    if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
    if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
    return jwt.sign(new TextEncoder().encode(testEnv.PRAXIS_LOCAL_SECRET!));
  };
  const now = () => Math.floor(Date.now() / 1000);

  it.each([
    ['an empty sub', () => ({ sub: '', iat: now(), exp: now() + 3600 })],
    ['a blank sub', () => ({ sub: '   ', iat: now(), exp: now() + 3600 })],
    [
      'a sub of 10 000 characters',
      () => ({ sub: 'a'.repeat(10_000), iat: now(), exp: now() + 3600 }),
    ],
    [
      'a sub with a line break',
      () => ({ sub: 'mallory\n{"event":"forged"}', iat: now(), exp: now() + 3600 }),
    ],
    [
      'an expiry five years away',
      () => ({ sub: 'mallory', iat: now(), exp: now() + 5 * 365 * 86_400 }),
    ],
    ['an expiry 13 hours away', () => ({ sub: 'mallory', iat: now(), exp: now() + 13 * 3600 })],
    ['no iat (its age cannot be checked)', () => ({ sub: 'mallory', exp: now() + 3600 })],
    [
      'an iat in the future stretching its life',
      () => ({ sub: 'mallory', iat: now() + 10 * 3600, exp: now() + 20 * 3600 }),
    ],
    ['an iat 13 hours ago', () => ({ sub: 'mallory', iat: now() - 13 * 3600, exp: now() + 3600 })],
  ])('refuses a development token with %s: 401 invalid_token', async (_, claims) => {
    const response = await rpc(initialize('2025-06-18'), {
      token: await craftedLocalToken(claims()),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(((await response.json()) as { error: string }).error).toBe('AUTHENTICATION_FAILED');
  });

  it('accepts what `praxis token` issues: 12 hours, a plain subject (the bounds above are not too tight)', async () => {
    expect(
      (
        await rpc(initialize('2025-06-18'), {
          token: await craftedLocalToken({
            sub: 'dev@example.com',
            iat: now(),
            exp: now() + 12 * 3600,
          }),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await rpc(initialize('2025-06-18'), {
          token: await issueLocalToken(testEnv.PRAXIS_LOCAL_SECRET!, 'x'.repeat(128)),
        })
      ).status,
    ).toBe(200);
    await expect(issueLocalToken(testEnv.PRAXIS_LOCAL_SECRET!, '')).rejects.toThrow(
      /subject is empty/,
    );
  });

  it('refuses a malformed Authorization header', async () => {
    const response = await rpc(initialize('2025-06-18'), {
      token: null,
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBe('AUTHENTICATION_FAILED');
  });

  it('serves mode off on loopback only', async () => {
    const body = JSON.stringify(initialize('2025-06-18'));
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const local = await callWorker(new Request(MCP_URL, { method: 'POST', headers, body }), {
      PRAXIS_AUTH_MODE: 'off',
    });
    expect(local.status).toBe(200);
    const remote = await callWorker(
      new Request('https://praxis.example.com/mcp', { method: 'POST', headers, body }),
      { PRAXIS_AUTH_MODE: 'off', PRAXIS_ALLOWED_HOSTS: 'praxis.example.com' },
    );
    expect(remote.status).toBe(403);
  });

  it('answers an unknown auth mode with -32603 and no detail for the client', async () => {
    const response = await callWorker(new Request(MCP_URL, { method: 'POST', body: '{}' }), {
      PRAXIS_AUTH_MODE: 'everyone',
    });
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(-32603);
    expect(body.error.message).not.toContain('everyone');
  });
});

describe('request guards', () => {
  beforeAll(publishFixture);

  it('rejects a body over 1 MiB with 413', async () => {
    const response = await rpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
      params: { pad: 'x'.repeat(1024 * 1024) },
    });
    expect(response.status).toBe(413);
  });

  it('rejects a foreign Origin with 403 and allows a configured one', async () => {
    expect(
      (await rpc(initialize('2025-06-18'), { headers: { origin: 'https://evil.example' } })).status,
    ).toBe(403);
    expect(
      (await rpc(initialize('2025-06-18'), { headers: { origin: 'http://localhost:6274' } }))
        .status,
    ).toBe(200);
  });

  it('rejects a Host that is not loopback in local mode (DNS rebinding)', async () => {
    const response = await rpc(initialize('2025-06-18'), {
      headers: { host: 'attacker.example:8787' },
    });
    expect(response.status).toBe(403);
  });

  it.each(['GET', 'DELETE'])('answers %s /mcp with 405', async (method) => {
    const response = await callWorker(
      new Request(MCP_URL, {
        method,
        headers: { authorization: `Bearer ${await token()}`, accept: 'text/event-stream' },
      }),
    );
    expect(response.status).toBe(405);
  });

  it('reports health 200 with the version once content is published, 503 before', async () => {
    const version = await publishFixture();
    const ok = await callWorker(new Request('http://localhost/healthz'));
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'ok', version });
    // Anyone may ask for health: it names the version, and counts nothing (restricted documents included).
    expect(Object.keys(body).sort()).toEqual(['builtAt', 'commit', 'status', 'version']);
    await unpublish();
    const empty = await callWorker(new Request('http://localhost/healthz'));
    expect(empty.status).toBe(503);
    await publishFixture();
  });
});

describe('JSON-RPC errors (the VitaeContext contract)', () => {
  beforeAll(publishFixture);

  it('initializes a 2024-11-05 client and echoes that protocol version', async () => {
    const message = await rpcMessage(await rpc(initialize('2024-11-05')));
    expect(message.result.protocolVersion).toBe('2024-11-05');
    expect(message.result.serverInfo.name).toBe('praxis');
    expect(message.result.capabilities.tools).toBeDefined();
  });

  it.each(['2025-03-26', '2025-06-18', '2025-11-25'])(
    'initializes a %s client',
    async (version) => {
      const message = await rpcMessage(await rpc(initialize(version)));
      expect(message.result.protocolVersion).toBe(version);
    },
  );

  it('answers invalid JSON with -32700', async () => {
    const message = await rpcMessage(await rpc('{"jsonrpc": "2.0", "id": 1, "method": '));
    expect(message.error.code).toBe(-32700);
  });

  it('answers an invalid request with -32600', async () => {
    const message = await rpcMessage(await rpc({ jsonrpc: '1.0', id: 1, method: 42 }));
    expect(message.error.code).toBe(-32600);
  });

  it('answers an unknown tool with -32602', async () => {
    const message = await rpcMessage(
      await rpc({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'drop_tables', arguments: {} },
      }),
    );
    expect(message.id).toBe(7);
    expect(message.error.code).toBe(-32602);
  });

  it('answers invalid tool arguments with an isError result (2025-11-25 and later: input errors are tool errors)', async () => {
    const message = await rpcMessage(
      await rpc({
        jsonrpc: '2.0',
        id: 8,
        method: 'tools/call',
        params: { name: 'get_process', arguments: { name: '' } },
      }),
    );
    expect(message.result.isError).toBe(true);
    expect(message.result.content[0].text).toMatch(/name/);
  });

  it('answers a missing bundle object with -32603 and keeps the detail in the log', async () => {
    const { testEnv } = await import('../../helpers/workerd/helpers.ts');
    const { BUNDLE_SCHEMA, POINTER_KEY } = await import('../../../src/bundle/bundle.ts');
    const { resetContentCache } = await import('../../../src/worker/content/store.ts');
    await testEnv.CONTENT.put(
      POINTER_KEY,
      JSON.stringify({
        schema: BUNDLE_SCHEMA,
        version: 'broken',
        manifest: 'f'.repeat(64),
        commit: null,
        builtAt: '',
        documentCount: 0,
      }),
    );
    resetContentCache();
    const response = await rpc({
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'list_processes', arguments: {} },
    });
    // 503 + Retry-After: a version that cannot be loaded is an outage to wait out, not a bug (faults-kv.test.ts).
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(-32603);
    expect(body.error.message).not.toContain('f'.repeat(64));
    await publishFixture();
  });
});
