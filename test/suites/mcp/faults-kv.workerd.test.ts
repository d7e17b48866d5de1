// Faults during requests, in workerd with the real local KV behind a fault-injecting wrapper: KV
// reads that fail or never answer, a pointer naming a version whose objects are missing, and an
// identity provider that is down. The isolate keeps serving what it has; otherwise the answer is a
// clean 503 with -32603 and Retry-After, never a stack trace, never a hang, never open.
import { beforeEach, describe, expect, it } from 'vitest';
import { BUNDLE_SCHEMA, POINTER_KEY } from '../../../src/bundle/bundle.ts';
import type { Env } from '../../../src/worker/index.ts';
import { resetIssuerKeys } from '../../../src/worker/auth/issuer-keys.ts';
import {
  RESOURCE,
  cloudEnv,
  providers,
  signedByProvider,
} from '../../helpers/workerd/auth-helpers.ts';
import {
  MCP_URL,
  callWorker,
  mcpRequest,
  publishFixture,
  rpcMessage,
  testEnv,
  token,
} from '../../helpers/workerd/helpers.ts';
import { withDeadline } from '../../helpers/workerd/fuzz-helpers.ts';
import { captureConsole } from '../../helpers/console-lines.ts';

type Fault = 'none' | 'fail' | 'hang';

/** The real CONTENT namespace, with reads of matching keys failing or hanging while `fault` says so. */
function faultyKv(matches: (key: string) => boolean) {
  const state = { fault: 'none' as Fault, injected: 0 };
  const kv = {
    get(key: string, type?: unknown) {
      if (state.fault !== 'none' && matches(key)) {
        state.injected++;
        if (state.fault === 'fail')
          return Promise.reject(new Error('KV GET failed: 503 Service Unavailable (injected)'));
        return new Promise(() => undefined);
      }
      return (testEnv.CONTENT.get as (k: string, t?: unknown) => Promise<unknown>)(key, type);
    },
  } as unknown as KVNamespace;
  return { kv, state };
}

const TIMEOUT_MS = '50';

async function call(
  env: Partial<Env>,
  name = 'get_process',
  args: Record<string, unknown> = { name: 'code-review' },
): Promise<{ status: number; body: any; headers: Headers }> {
  const bearer = await token('fault-tester');
  const response = await withDeadline(
    callWorker(
      mcpRequest(
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
        { bearer },
      ),
      { PRAXIS_KV_TIMEOUT_MS: TIMEOUT_MS, ...env },
    ),
    5000,
    `${name} under a KV fault`,
  );
  const text = await response.text();
  const json = text.startsWith('event:')
    ? JSON.parse(
        text
          .split('\n')
          .find((line) => line.startsWith('data:'))!
          .slice(5),
      )
    : JSON.parse(text);
  return { status: response.status, body: json, headers: response.headers };
}

function expectCleanUnavailable(answer: { status: number; body: any; headers: Headers }): void {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('5');
  expect(answer.body).toEqual({
    jsonrpc: '2.0',
    id: null,
    error: {
      code: -32603,
      message: expect.stringMatching(
        /content store did not answer|content version could not be loaded/,
      ),
    },
  });
  expect(JSON.stringify(answer.body)).not.toMatch(/injected|praxis:|at .+:\d+/);
}

describe('KV faults during requests', () => {
  let version: string;
  beforeEach(async () => {
    version = await publishFixture(); // also forgets every cached bundle: each test starts cold
  });

  it.each(['fail', 'hang'] as const)(
    'keeps serving the cached version when every KV read %ss',
    async (fault) => {
      const { kv, state } = faultyKv(() => true);
      expect((await call({ CONTENT: kv })).body.result.structuredContent.name).toBe('code-review'); // warms the isolate
      state.fault = fault;
      const { value: answers, lines } = await captureConsole(() =>
        Promise.all([1, 2, 3].map(() => call({ CONTENT: kv }))),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body.result.structuredContent).toMatchObject({
          name: 'code-review',
          version,
        });
      }
      expect(state.injected).toBeGreaterThan(0);
      expect(
        lines.some(
          (line) =>
            line.includes('"pointer_unreadable"') && line.includes(`"serving":"${version}"`),
        ),
      ).toBe(true);
    },
  );

  it.each(['fail', 'hang'] as const)(
    'answers a clean 503 when KV %ss before anything is cached, and recovers',
    async (fault) => {
      const { kv, state } = faultyKv(() => true);
      state.fault = fault;
      const { value: answer, lines } = await captureConsole(() => call({ CONTENT: kv }));
      expectCleanUnavailable(answer);
      expect(
        lines.some(
          (line) => line.includes('"content_store_unavailable"') && line.includes(POINTER_KEY),
        ),
      ).toBe(true);
      const health = await callWorker(new Request('http://localhost/healthz'), {
        CONTENT: kv,
        PRAXIS_KV_TIMEOUT_MS: TIMEOUT_MS,
      });
      expect(health.status).toBe(503);
      state.fault = 'none';
      expect((await call({ CONTENT: kv })).body.result.structuredContent.name).toBe('code-review');
    },
  );

  it("answers a clean 503 when the pointer reads but the new version's manifest does not", async () => {
    const { kv, state } = faultyKv((key) => key.startsWith('praxis:obj:'));
    await testEnv.CONTENT.put(
      POINTER_KEY,
      JSON.stringify({
        schema: BUNDLE_SCHEMA,
        version: 'uncached0000',
        manifest: 'e'.repeat(64),
        commit: null,
        builtAt: '2026-01-01T00:00:00.000Z',
        documentCount: 1,
      }),
    );
    state.fault = 'fail';
    expectCleanUnavailable((await captureConsole(() => call({ CONTENT: kv }))).value);
    expect(state.injected).toBeGreaterThan(0);
  });

  it('serves a body it has cached and gives a clean tool error for one it has not, while object reads fail', async () => {
    const { kv, state } = faultyKv((key) => key.startsWith('praxis:obj:'));
    await call({ CONTENT: kv }); // code-review's body is now cached; deployment's is not
    state.fault = 'fail';
    const {
      value: [cached, uncached],
    } = await captureConsole(() =>
      Promise.all([
        call({ CONTENT: kv }),
        call({ CONTENT: kv }, 'get_process', { name: 'deployment' }),
      ]),
    );
    expect(cached.body.result.structuredContent.name).toBe('code-review');
    expect(uncached.status).toBe(200);
    expect(uncached.body.result.isError).toBe(true);
    expect(uncached.body.result.content[0].text).toBe(
      'The content store did not answer; try again in a few seconds.',
    );
    state.fault = 'none';
    expect(
      (await call({ CONTENT: kv }, 'get_process', { name: 'deployment' })).body.result
        .structuredContent.name,
    ).toBe('deployment');
  });

  it('hides the failure behind a reference id when a resource read fails mid-request', async () => {
    const { kv, state } = faultyKv((key) => key.startsWith('praxis:obj:'));
    await call({ CONTENT: kv });
    const bearer = await token('fault-tester');
    // A get loads only the processes' names: a listing loads the rest (the knowledge sections), so
    // what fails below is the record's body, mid-request, not the loading of the version.
    const listing = await callWorker(
      mcpRequest({ jsonrpc: '2.0', id: 2, method: 'resources/list', params: {} }, { bearer }),
      { CONTENT: kv },
    );
    expect(listing.status).toBe(200);
    await listing.text();
    state.fault = 'fail';
    // The answer streams (a 2025-era request is answered over SSE): the log line is written while it does.
    const { value: body, lines } = await captureConsole(
      async () =>
        (await rpcMessage(
          await callWorker(
            mcpRequest(
              {
                jsonrpc: '2.0',
                id: 3,
                method: 'resources/read',
                params: { uri: 'vitaegraph://record/skill-git' },
              },
              { bearer },
            ),
            { CONTENT: kv },
          ),
        )) as { error: { code: number; message: string } },
    );
    expect(body.error.code).toBe(-32603);
    const reference = body.error.message.match(
      /^Internal error \(reference ([0-9a-f-]{36})\)\.$/,
    )?.[1];
    expect(reference).toBeDefined();
    expect(
      lines.some((line) => line.includes('"internal_error"') && line.includes(reference!)),
    ).toBe(true);
  });
});

describe('a pointer naming a version that cannot be loaded', () => {
  const missing = {
    schema: BUNDLE_SCHEMA,
    version: 'deadbeef0000',
    manifest: 'f'.repeat(64),
    commit: null,
    builtAt: '2026-01-01T00:00:00.000Z',
    documentCount: 1,
  };

  it('keeps serving the version the isolate has, and says so in the log', async () => {
    const version = await publishFixture();
    expect((await call({})).body.result.structuredContent.version).toBe(version);
    await testEnv.CONTENT.put(POINTER_KEY, JSON.stringify(missing));
    const { value: answer, lines } = await captureConsole(() => call({}));
    expect(answer.body.result.structuredContent).toMatchObject({ name: 'code-review', version });
    expect(
      lines.some(
        (line) =>
          line.includes('"version_unloadable"') &&
          line.includes('"wanted":"deadbeef0000"') &&
          line.includes(`"serving":"${version}"`),
      ),
    ).toBe(true);
  });

  it('refuses to start serving it: a fresh isolate answers 503, not a half-loaded bundle', async () => {
    await publishFixture();
    await testEnv.CONTENT.put(POINTER_KEY, JSON.stringify(missing));
    const { resetContentCache } = await import('../../../src/worker/content/store.ts');
    resetContentCache();
    expectCleanUnavailable((await captureConsole(() => call({}))).value);
  });

  it('refuses a corrupt pointer the same way', async () => {
    await publishFixture();
    await testEnv.CONTENT.put(POINTER_KEY, '{"version": "trunc');
    const { resetContentCache } = await import('../../../src/worker/content/store.ts');
    resetContentCache();
    expectCleanUnavailable((await captureConsole(() => call({}))).value);
  });
});

describe('identity provider outage', () => {
  // auth-cloud.test.ts covers tools/list; this checks that concurrent content requests fail closed too.
  it('answers every concurrent content request with 503 and Retry-After, never the content (not open)', async () => {
    await publishFixture();
    resetIssuerKeys();
    const now = Math.floor(Date.now() / 1000);
    const bearer = await signedByProvider({
      iss: providers.unreachable,
      aud: RESOURCE,
      sub: 'outage',
      scope: 'praxis:read',
      iat: now,
      exp: now + 300,
    });
    const responses = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        callWorker(
          new Request(MCP_URL, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json',
              authorization: `Bearer ${bearer}`,
            },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: 1,
              method: 'tools/call',
              params: { name: 'get_process', arguments: { name: 'code-review' } },
            }),
          }),
          cloudEnv(providers.unreachable),
        ),
      ),
    );
    for (const response of responses) {
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await response.text()).not.toContain('Code Review');
    }
  });
});
