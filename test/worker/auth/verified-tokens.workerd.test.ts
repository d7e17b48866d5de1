// Verified bearer JWTs are remembered per isolate (src/worker/auth/verified-tokens.ts). What must
// still be refused after a token has been accepted once: the same token once it has expired, under
// another secret, with its groups under a mode that does not honour them, and any altered copy.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authenticate, type AuthOutcome } from '../../../src/worker/auth/authenticate.ts';
import { readAuthConfig, type AuthConfig } from '../../../src/worker/auth/config.ts';
import { issueLocalToken, LOCAL_TOKEN_LIFETIME_S } from '../../../src/shared/auth/local-token.ts';

const SECRET = 'a-local-secret-of-at-least-32-characters';
const OTHER_SECRET = 'another-local-secret-of-at-least-32-chars';
const START = Date.parse('2026-12-03T12:00:00Z');

function configOf(env: Record<string, string>): AuthConfig {
  const result = readAuthConfig(env);
  if (!result.ok) throw new Error(result.message);
  return result.config;
}

const check = (token: string, config: AuthConfig): Promise<AuthOutcome> =>
  authenticate(
    new Request('https://praxis.example.com/mcp', {
      headers: { authorization: `Bearer ${token}` },
    }),
    config,
  );

const principalOf = (outcome: AuthOutcome) => {
  if (!outcome.ok) throw new Error(`refused: ${outcome.message}`);
  return outcome.principal;
};

describe('remembered token verifications', () => {
  afterEach(() => vi.useRealTimers());

  it('admits a token again without changing who it names', async () => {
    const config = configOf({ PRAXIS_AUTH_MODE: 'local', PRAXIS_LOCAL_SECRET: SECRET });
    const token = await issueLocalToken(SECRET, 'alice', ['authors']);
    const first = principalOf(await check(token, config));
    const again = principalOf(await check(token, config));
    expect(again).toEqual({
      subject: 'alice',
      groups: ['authors'],
      scopes: ['praxis:read'],
      via: 'local',
    });
    expect(again).toEqual(first);
    // Shared between requests: nothing downstream can change it for the next one.
    expect(Object.isFrozen(again) && Object.isFrozen(again.groups)).toBe(true);
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ now: START, toFake: ['Date'] });
    const config = configOf({ PRAXIS_AUTH_MODE: 'local', PRAXIS_LOCAL_SECRET: SECRET });
    const token = await issueLocalToken(SECRET, 'bob');
    // Accepted, and used again a little before its end (each use renews nothing).
    principalOf(await check(token, config));
    vi.setSystemTime(START + (LOCAL_TOKEN_LIFETIME_S - 5) * 1000);
    principalOf(await check(token, config));
    // Past its end and the verifier's clock tolerance: refused, though it was accepted 10 s ago.
    vi.setSystemTime(START + (LOCAL_TOKEN_LIFETIME_S + 61) * 1000);
    const late = await check(token, config);
    expect(late.ok).toBe(false);
    expect(!late.ok && late.message).toMatch(/expired/);
  });

  it('refuses a token accepted under one secret when the Worker has another', async () => {
    const token = await issueLocalToken(SECRET, 'dave');
    principalOf(
      await check(token, configOf({ PRAXIS_AUTH_MODE: 'local', PRAXIS_LOCAL_SECRET: SECRET })),
    );
    const rotated = await check(
      token,
      configOf({ PRAXIS_AUTH_MODE: 'local', PRAXIS_LOCAL_SECRET: OTHER_SECRET }),
    );
    expect(rotated.ok).toBe(false);
  });

  it('does not carry the groups a token had in mode local into a mode that drops them', async () => {
    const token = await issueLocalToken(SECRET, 'erin', ['restricted-readers']);
    const local = configOf({ PRAXIS_AUTH_MODE: 'local', PRAXIS_LOCAL_SECRET: SECRET });
    expect(principalOf(await check(token, local)).groups).toEqual(['restricted-readers']);
    const auto = configOf({
      PRAXIS_AUTH_MODE: 'auto',
      PRAXIS_LOCAL_SECRET: SECRET,
      PRAXIS_AUTH_ISSUERS: 'https://login.example.com/',
      PRAXIS_AUTH_RESOURCE: 'https://praxis.example.com/mcp',
    });
    expect(principalOf(await check(token, auto)).groups).toEqual([]);
    expect(principalOf(await check(token, local)).groups).toEqual(['restricted-readers']);
  });

  it('refuses an altered copy of an accepted token', async () => {
    const config = configOf({ PRAXIS_AUTH_MODE: 'local', PRAXIS_LOCAL_SECRET: SECRET });
    const token = await issueLocalToken(SECRET, 'frank');
    principalOf(await check(token, config));
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<
      string,
      unknown
    >;
    const forged = btoa(JSON.stringify({ ...claims, groups: ['authors'] }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    const flipped =
      signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    for (const altered of [`${header}.${forged}.${signature}`, `${header}.${payload}.${flipped}`])
      expect((await check(altered, config)).ok).toBe(false);
  });
});
