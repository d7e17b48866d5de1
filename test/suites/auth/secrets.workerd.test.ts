// Secrets never leave: every request path (local and cloud tokens, good and bad, misconfiguration,
// identity-provider outage, KV faults, rate limiting, internal errors) runs with recognisable tokens
// and secrets, and none of them may appear in any log line, response body or response header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLocalToken } from '../../../src/shared/auth/local-token.ts';
import { resetIssuerKeys } from '../../../src/worker/auth/issuer-keys.ts';
import type { Env } from '../../../src/worker/index.ts';
import {
  RESOURCE,
  cloudEnv,
  providerToken,
  providers,
  signedByProvider,
} from '../../helpers/workerd/auth-helpers.ts';
import { callWorker, mcpRequest, publishFixture, testEnv } from '../../helpers/workerd/helpers.ts';
import { captureConsole } from '../../helpers/console-lines.ts';

const SECRET = 'SECRET-MARKER-7f3a9c-local-signing-secret-0123456789';
const SHORT_SECRET = 'SECRET-MARKER-short';
const LOCAL = { PRAXIS_AUTH_MODE: 'local', PRAXIS_LOCAL_SECRET: SECRET } as Partial<Env>;

/** Every credential a path uses, and the distinctive parts of each (a JWT's signature alone is a secret too). */
const leaks = new Set<string>([SECRET, SHORT_SECRET]);
function remember(bearer: string): string {
  leaks.add(bearer);
  for (const part of bearer.split('.')) if (part.length >= 16) leaks.add(part);
  return bearer;
}

const bodies = [
  { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
  {
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 'get_process', arguments: { name: 'code-review' } },
  },
  {
    jsonrpc: '2.0',
    id: 3,
    method: 'tools/call',
    params: { name: 'search_processes', arguments: { query: 'review' } },
  },
  {
    jsonrpc: '2.0',
    id: 4,
    method: 'resources/read',
    params: { uri: 'vitaegraph://record/no-such-record' },
  },
  {
    jsonrpc: '2.0',
    id: 5,
    method: 'prompts/get',
    params: { name: 'run_checklist', arguments: { checklist: 5 } },
  },
  'not json at all',
];

const seen: string[] = [];
async function exercise(
  bearer: string | null,
  env: Partial<Env>,
  extraHeaders: Record<string, string> = {},
): Promise<void> {
  for (const body of bodies) {
    const { value: response, lines } = await captureConsole(() =>
      callWorker(mcpRequest(body, { bearer, headers: extraHeaders }), env),
    );
    seen.push(
      `${response.status} ${[...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${await response.text()}`,
      ...lines,
    );
  }
}

describe('no token or secret in any log line, response body or header', () => {
  beforeAll(async () => {
    await publishFixture();
    resetIssuerKeys();
  });

  it('local mode: valid, wrong-secret, expired-looking, garbage and oversized tokens', async () => {
    await exercise(remember(await issueLocalToken(SECRET, 'secret-tester')), LOCAL);
    await exercise(
      remember(await issueLocalToken('SECRET-MARKER-other-checkout-0123456789abcdef', 'mallory')),
      LOCAL,
    );
    await exercise(remember('SECRET-MARKER-garbage-token-value'), LOCAL);
    await exercise(
      remember(
        `eyJhbGciOiJIUzI1NiJ9.${btoa('{"sub":"SECRET-MARKER-claims"}')}.SECRET-MARKER-signature-part`,
      ),
      LOCAL,
    );
    await exercise(null, LOCAL, { authorization: 'Basic U0VDUkVULU1BUktFUi1iYXNpYzpwYXNz' });
    leaks.add('U0VDUkVULU1BUktFUi1iYXNpYzpwYXNz');
  });

  it('misconfiguration: a local secret too short to use is named as a setting, never printed', async () => {
    await exercise(remember(await issueLocalToken(SECRET, 'misconfigured')), {
      PRAXIS_AUTH_MODE: 'local',
      PRAXIS_LOCAL_SECRET: SHORT_SECRET,
    });
  });

  it('cloud and auto modes: provider tokens, tampered, wrong audience, and the provider down', async () => {
    const good = remember(await providerToken('engineer-agent'));
    await exercise(good, cloudEnv());
    await exercise(remember(`${good.slice(0, -6)}AAAAAA`), cloudEnv());
    const now = Math.floor(Date.now() / 1000);
    await exercise(
      remember(
        await signedByProvider({
          iss: providers.stable,
          aud: 'https://elsewhere.example/mcp',
          sub: 's',
          scope: 'praxis:read',
          iat: now,
          exp: now + 60,
        }),
      ),
      cloudEnv(),
    );
    await exercise(
      remember(
        await signedByProvider({
          iss: providers.unreachable,
          aud: RESOURCE,
          sub: 's',
          scope: 'praxis:read',
          iat: now,
          exp: now + 60,
        }),
      ),
      cloudEnv(providers.unreachable),
    );
    await exercise(
      remember(await issueLocalToken(SECRET, 'auto-local')),
      cloudEnv(providers.stable, { PRAXIS_AUTH_MODE: 'auto', PRAXIS_LOCAL_SECRET: SECRET }),
    );
  });

  it('faults and refusals: KV failing, rate limited', async () => {
    const failing = {
      get: () => Promise.reject(new Error('KV down (injected)')),
    } as unknown as KVNamespace;
    const { resetContentCache } = await import('../../../src/worker/content/store.ts');
    resetContentCache();
    await exercise(remember(await issueLocalToken(SECRET, 'kv-fault')), {
      ...LOCAL,
      CONTENT: failing,
    });
    await publishFixture();
    const limiter = (testEnv as unknown as { PRAXIS_TEST_RATE_LIMITER: RateLimit })
      .PRAXIS_TEST_RATE_LIMITER;
    const greedy = remember(await issueLocalToken(SECRET, `greedy-${crypto.randomUUID()}`));
    for (let i = 0; i < 3; i++)
      await exercise(greedy, { ...LOCAL, PRAXIS_RATE_LIMIT: 'on', PRAXIS_RATE_LIMITER: limiter });
    expect(seen.some((text) => text.startsWith('429'))).toBe(true);
  });

  afterAll(() => {
    // The checks above produced answers and log lines; none may carry a credential.
    expect(seen.length).toBeGreaterThan(100);
    for (const text of seen)
      for (const secret of leaks)
        expect(
          text.includes(secret),
          `leaked ${secret.slice(0, 24)}… in: ${text.slice(0, 400)}`,
        ).toBe(false);
    expect(seen.some((text) => text.includes('"event":"misconfigured"'))).toBe(true);
  });
});
