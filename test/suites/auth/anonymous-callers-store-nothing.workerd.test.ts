// What an anonymous caller may cause to be stored in OAUTH_KV, counted through a recording binding
// (miniflare enforces no quota; Cloudflare's free plan allows 1 000 writes a day for the whole account):
// opening the consent page, approving it and coming back with a made-up state write nothing;
// registrations outside the size and field bounds are refused with nothing written; registrations
// beyond the per-address rate are refused with nothing written, counted per CF-Connecting-IP only;
// token-endpoint and consent forms over 16 KiB are refused before anything reads them.
import { describe, expect, it } from 'vitest';
import type { Env } from '../../../src/worker/index.ts';
import { callWorker, publishFixture, testEnv } from '../../helpers/workerd/helpers.ts';
import { recordingOAuthKv } from '../../helpers/workerd/recording-oauth-kv.ts';
import {
  CLIENT_REDIRECT,
  WORKER_ORIGIN,
  authorizationUrl,
  consentHandle,
  isPage,
  newVerifier,
  oauthEnv,
  registerClient,
  s256,
  workerBrowser,
} from '../../helpers/workerd/sign-in-helpers.ts';

await publishFixture();

function register(
  env: Partial<Env>,
  body: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return callWorker(
    new Request(`${WORKER_ORIGIN}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    }),
    env,
  );
}

const metadata = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    client_name: 'Anonymous test client',
    redirect_uris: [CLIENT_REDIRECT],
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    ...extra,
  });

describe('anonymous requests to /authorize', () => {
  it('write nothing: 300 consent pages, an approval that goes on to the provider, and a made-up callback', async () => {
    const clientId = await registerClient(oauthEnv());
    const kv = recordingOAuthKv();
    const env = oauthEnv({ OAUTH_KV: kv.binding });
    const url = authorizationUrl(clientId, {
      code_challenge: await s256(newVerifier()),
      code_challenge_method: 'S256',
    });
    let pages = 0;
    for (let request = 0; request < 300; request++) {
      const page = await workerBrowser(env).go(url);
      if (isPage(page) && page.status === 200 && consentHandle(page)) pages++;
    }
    expect(pages).toBe(300);
    // Allow, as a script would: off to the provider, still nothing stored.
    const browser = workerBrowser(env);
    const page = await browser.go(url);
    if (!isPage(page)) throw new Error('expected the consent page');
    const approved = await browser.request(page.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ handle: consentHandle(page)!, decision: 'approve' }).toString(),
    });
    expect(approved.status).toBe(302);
    expect(approved.headers.get('location')).toContain('state=');
    const made = await workerBrowser(env).go(
      `${WORKER_ORIGIN}/oauth/callback?code=made-up&state=made-up`,
    );
    expect(isPage(made) && made.status).toBe(400);
    expect(kv.count('write')).toBe(0);
    expect(kv.count('delete')).toBe(0);
    expect(kv.count('list')).toBe(0);
  });
});

describe('dynamic client registration, bounded', () => {
  const refusedWithNothingStored = async (body: string, status: number, names: string) => {
    const kv = recordingOAuthKv();
    const response = await register(oauthEnv({ OAUTH_KV: kv.binding }), body);
    expect(response.status).toBe(status);
    const answer = (await response.json()) as { error: string; error_description: string };
    expect(answer.error).toBe('invalid_client_metadata');
    expect(answer.error_description).toContain(names);
    expect(kv.count('write')).toBe(0);
  };

  it('refuses a body over 8 KiB before parsing it, and writes nothing', async () => {
    await refusedWithNothingStored(
      metadata({ client_uri: `https://example.com/${'a'.repeat(9000)}` }),
      413,
      '8192 bytes',
    );
    // Forty registrations of about a MiB each, as in the review: every one refused.
    const huge = metadata({ padding: 'x'.repeat(1024 * 1024 - 300) });
    for (let attempt = 0; attempt < 40; attempt++)
      await refusedWithNothingStored(huge, 413, '8192 bytes');
  });

  it('refuses over-long and over-many fields, naming the field, and writes nothing', async () => {
    await refusedWithNothingStored(
      metadata({ client_name: 'n'.repeat(201) }),
      400,
      'client_name is 201 characters',
    );
    await refusedWithNothingStored(
      metadata({
        redirect_uris: Array.from(
          { length: 17 },
          (_, at) => `http://127.0.0.1:${9000 + at}/callback`,
        ),
      }),
      400,
      'redirect_uris has 17 entries',
    );
    await refusedWithNothingStored(
      metadata({ redirect_uris: [CLIENT_REDIRECT, `https://example.com/${'a'.repeat(2100)}`] }),
      400,
      'redirect_uris has an entry 2120 characters',
    );
    await refusedWithNothingStored(
      metadata({ contacts: Array.from({ length: 9 }, (_, at) => `a${at}@example.com`) }),
      400,
      'contacts has 9 entries',
    );
    await refusedWithNothingStored(
      metadata(
        Object.fromEntries(
          Array.from({ length: 9 }, (_, at) => [`client_name#x-${at}`, 'Localised']),
        ),
      ),
      400,
      '9 localised fields',
    );
    await refusedWithNothingStored(
      metadata(Object.fromEntries(Array.from({ length: 40 }, (_, at) => [`unknown_${at}`, 1]))),
      400,
      'at most 32',
    );
  });

  it('stores what a real client sends: one write', async () => {
    const kv = recordingOAuthKv();
    const response = await register(
      oauthEnv({ OAUTH_KV: kv.binding }),
      metadata({
        client_uri: 'https://example.com',
        software_id: 'praxis-test',
        software_version: '1.0.0',
        scope: 'praxis:read offline_access',
      }),
    );
    expect(response.status).toBe(201);
    expect(kv.count('write')).toBe(1);
  });
});

describe('dynamic client registration, rate limited per client address', () => {
  /**
   * vitest.config.ts binds a limiter of 5 per 60 s for tests; wrangler.toml binds PRAXIS_REGISTRATION_LIMITER
   * (10 per 60 s).
   */
  const LIMIT = 5;
  const limited = (kv: KVNamespace): Partial<Env> =>
    oauthEnv({
      OAUTH_KV: kv,
      PRAXIS_RATE_LIMIT: 'on',
      PRAXIS_REGISTRATION_LIMITER: (testEnv as unknown as { PRAXIS_TEST_RATE_LIMITER: RateLimit })
        .PRAXIS_TEST_RATE_LIMITER,
    } as Partial<Env>);
  // Locally every caller is 127.0.0.1 with no CF-Connecting-IP: the test sets it as Cloudflare's edge does.
  const run = `${Math.floor(Math.random() * 250) + 1}`;

  /**
   * Registers until the first 429; windows are wall-clock aligned, so one rollover may allow up to LIMIT
   * more.
   */
  async function untilRefused(
    env: Partial<Env>,
    headers: (attempt: number) => Record<string, string>,
  ): Promise<{ served: number; refused: Response | null }> {
    let served = 0;
    for (let attempt = 0; attempt <= 2 * LIMIT + 1; attempt++) {
      const response = await register(env, metadata(), headers(attempt));
      if (response.status === 429) return { served, refused: response };
      expect(response.status).toBe(201);
      served++;
    }
    return { served, refused: null };
  }

  it(
    'refuses an address over its limit with 429 and writes nothing for the refused ones; ' +
      'another address still registers',
    async () => {
      const kv = recordingOAuthKv();
      const env = limited(kv.binding);
      const { served, refused } = await untilRefused(env, () => ({
        'cf-connecting-ip': `198.51.100.${run}`,
      }));
      expect(refused?.status).toBe(429);
      expect(refused?.headers.get('retry-after')).toBe('60');
      expect(
        ((await refused!.json()) as { error_description: string }).error_description,
      ).toContain('Too many client registrations from this address');
      expect(served).toBeGreaterThanOrEqual(LIMIT);
      expect(kv.count('write')).toBe(served);
      for (let again = 0; again < 20; again++)
        expect(
          (
            await register(env, metadata(), {
              'cf-connecting-ip': `198.51.100.${run}`,
            })
          ).status,
        ).toBe(429);
      expect(kv.count('write')).toBe(served);
      expect(
        (await register(env, metadata(), { 'cf-connecting-ip': `192.0.2.${run}` })).status,
      ).toBe(201);
    },
  );

  it(
    'trusts only CF-Connecting-IP: a different X-Forwarded-For or X-Real-IP on each request does not escape ' +
      'the limit',
    async () => {
      const env = limited(recordingOAuthKv().binding);
      const spoofed = (attempt: number) => ({
        'cf-connecting-ip': `203.0.113.${run}`,
        'x-forwarded-for': `10.0.${attempt}.1`,
        'x-real-ip': `10.1.${attempt}.1`,
        'true-client-ip': `10.2.${attempt}.1`,
      });
      expect((await untilRefused(env, spoofed)).refused?.status).toBe(429);
    },
  );

  it('counts an IPv6 client by its /64: changing the interface part does not escape the limit', async () => {
    const env = limited(recordingOAuthKv().binding);
    const rotating = (attempt: number) => ({
      'cf-connecting-ip': `2001:db8:${run}:7::${(attempt + 1).toString(16)}`,
    });
    expect((await untilRefused(env, rotating)).refused?.status).toBe(429);
  });
});

describe('the token endpoint and the consent form, bounded', () => {
  const form = (bytes: number) =>
    `grant_type=authorization_code&code=made-up&code_verifier=v&padding=${'x'.repeat(bytes)}`;
  const post = (path: string, body: BodyInit, env: Partial<Env>) =>
    callWorker(
      new Request(`${WORKER_ORIGIN}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      }),
      env,
    );
  const expectRefusedUnread = async (
    response: Response,
    kv: ReturnType<typeof recordingOAuthKv>,
  ) => {
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: 'invalid_request',
      error_description: expect.stringContaining('16384 bytes'),
    });
    expect(kv.log).toEqual([]);
  };

  it('refuses a form over 16 KiB at /oauth/token before anything reads it, with or without a Content-Length', async () => {
    const kv = recordingOAuthKv();
    const env = oauthEnv({ OAUTH_KV: kv.binding });
    await expectRefusedUnread(await post('/oauth/token', form(1024 * 1024), env), kv);
    const streamed = new Blob([form(64 * 1024)]).stream();
    await expectRefusedUnread(await post('/oauth/token', streamed, env), kv);
  });

  it('refuses a consent form over 16 KiB at /authorize', async () => {
    const kv = recordingOAuthKv();
    await expectRefusedUnread(
      await post(
        '/authorize',
        `handle=h&decision=approve&padding=${'x'.repeat(20_000)}`,
        oauthEnv({ OAUTH_KV: kv.binding }),
      ),
      kv,
    );
  });

  it('lets a token request under the bound reach the token endpoint, which refuses the made-up code itself', async () => {
    const response = await post(
      '/oauth/token',
      `${form(15_000)}&client_id=${await registerClient(oauthEnv())}`,
      oauthEnv(),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_grant');
  });
});
