// Key rotation at a real identity provider: a token signed with a new `kid` makes the Worker
// refetch the JWKS, but not more often than the cool-down allows; the provider's own request
// counters prove how often discovery and the JWKS were fetched.
import { beforeAll, describe, expect, it } from 'vitest';
import { resetIssuerKeys } from '../../../src/worker/auth/issuer-keys.ts';
import {
  cloudEnv,
  listTools,
  mcpPost,
  providerControl,
  providerToken,
  providers,
  signedByProvider,
} from '../../helpers/workerd/auth-helpers.ts';
import { publishFixture } from '../../helpers/workerd/helpers.ts';

interface Stats {
  discovery: number;
  jwks: number;
  activeKid: string;
}

const COOLDOWN_S = 2;
const env = cloudEnv(providers.rotating, { PRAXIS_AUTH_JWKS_COOLDOWN_S: String(COOLDOWN_S) });
const stats = () => providerControl<Stats>(providers.rotating, 'stats');
const tokenFor = () => providerToken('engineer-agent', { issuer: providers.rotating });
const kidOf = (token: string) =>
  (JSON.parse(atob(token.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/'))) as { kid: string })
    .kid;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('signing key rotation', () => {
  beforeAll(async () => {
    await publishFixture();
    resetIssuerKeys();
  });

  it('discovers the issuer and fetches its JWKS once, then serves from the isolate cache', async () => {
    const before = await stats();
    expect(before.activeKid).toBe('key-a');
    const first = await tokenFor();
    expect(kidOf(first)).toBe('key-a');
    expect((await mcpPost(listTools, first, env)).status).toBe(200);
    expect((await mcpPost(listTools, await tokenFor(), env)).status).toBe(200);
    const after = await stats();
    expect(after.discovery - before.discovery).toBe(1);
    expect(after.jwks - before.jwks).toBe(1);
  });

  it('refetches the JWKS for a new kid once the cool-down has passed, and not before', async () => {
    const oldToken = await tokenFor();
    expect(
      (await providerControl<{ activeKid: string }>(providers.rotating, 'rotate')).activeKid,
    ).toBe('key-b');
    const rotated = await tokenFor();
    expect(kidOf(rotated)).toBe('key-b');
    const before = await stats();

    // Within the cool-down the cached JWKS is trusted: unknown kid → 401, no fetch.
    const early = await mcpPost(listTools, rotated, env);
    expect(early.status).toBe(401);
    expect(((await early.json()) as { message: string }).message).toContain(
      'key the issuer does not publish',
    );
    expect((await stats()).jwks).toBe(before.jwks);

    await sleep(COOLDOWN_S * 1000 + 200);
    expect((await mcpPost(listTools, rotated, env)).status).toBe(200);
    expect((await stats()).jwks).toBe(before.jwks + 1);

    // The old key is still published during the rollover; a made-up kid right after a refetch is
    // refused without another fetch (the cool-down protects the provider from kid-spraying).
    expect((await mcpPost(listTools, oldToken, env)).status).toBe(200);
    const sprayed = await signedByProvider(
      {
        iss: providers.rotating,
        aud: env.PRAXIS_AUTH_RESOURCE,
        sub: 'mallory',
        exp: Math.floor(Date.now() / 1000) + 60,
      },
      { kid: 'key-unknown' },
      providers.rotating,
    );
    expect((await mcpPost(listTools, sprayed, env)).status).toBe(401);
    const after = await stats();
    expect(after.jwks).toBe(before.jwks + 1);
    expect(after.discovery).toBe(before.discovery);
  });
});
