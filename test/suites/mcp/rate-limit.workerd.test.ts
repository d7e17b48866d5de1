// Rate limiting per principal through the real Workers Rate Limiting binding (miniflare's local
// implementation): a caller over its limit gets 429 + Retry-After, other callers are unaffected,
// "off" disables it, and the limiter wrangler.toml binds still refuses a caller past its limit once
// limiting is on, as wrangler.toml sets it (rate-limit-config.test.ts reads wrangler.toml).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../../../src/worker/index.ts';
import { MAX_BATCH_MESSAGES } from '../../../src/worker/http/request-caps.ts';
import {
  callWorker,
  mcpRequest,
  publishFixture,
  testEnv,
  token,
} from '../../helpers/workerd/helpers.ts';
import { captureConsole } from '../../helpers/console-lines.ts';

/** vitest.config.ts binds a limiter of 5 requests per 60 s for these tests; wrangler.toml's is 600. */
const SMALL = {
  PRAXIS_RATE_LIMIT: 'on',
  PRAXIS_RATE_LIMITER: (testEnv as unknown as { PRAXIS_TEST_RATE_LIMITER: RateLimit })
    .PRAXIS_TEST_RATE_LIMITER,
} as Partial<Env>;
const LIMIT = 5;
/** wrangler.toml's `[[ratelimits]]` PRAXIS_RATE_LIMITER: `simple = { limit = 600, period = 60 }`. */
const DEPLOYED_LIMIT = 600;

async function listTools(bearer: string, env: Partial<Env>): Promise<Response> {
  return callWorker(
    mcpRequest({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }, { bearer }),
    env,
  );
}

/**
 * Sends until the first 429, for a limiter that serves `limit` of these requests a window; windows
 * are wall-clock aligned, so one rollover may add up to `limit` more.
 */
async function untilLimited(
  send: () => Promise<Response>,
  limit: number,
): Promise<{ served: number; refused: Response | null }> {
  let served = 0;
  for (let attempt = 0; attempt <= 2 * limit + 1; attempt++) {
    const response = await send();
    if (response.status === 429) return { served, refused: response };
    expect(response.status).toBe(200);
    await response.body?.cancel();
    served++;
  }
  return { served, refused: null };
}

describe('rate limiting per principal', () => {
  beforeAll(publishFixture);

  // vitest.config.ts turns limiting off for every other test; here it is on again, as wrangler.toml
  // sets it, with the Worker's own PRAXIS_RATE_LIMITER binding (wrangler.toml's, not the small one).
  it('still refuses a caller past the limit wrangler.toml binds, once PRAXIS_RATE_LIMIT is "on" as wrangler.toml sets it', async () => {
    expect(typeof (testEnv as Env).PRAXIS_RATE_LIMITER?.limit).toBe('function');
    const subject = `deployed-${crypto.randomUUID()}`;
    const bearer = await token(subject);
    const asDeployed = { PRAXIS_RATE_LIMIT: 'on' } as Partial<Env>;
    // Batches of pings: each ping is a call the limiter counts, so fewer requests spend the limit.
    const batch = Array.from({ length: MAX_BATCH_MESSAGES }, (_, i) => ({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'ping',
    }));
    const {
      value: { served, refused },
    } = await captureConsole(() =>
      untilLimited(
        () => callWorker(mcpRequest(batch, { bearer }), asDeployed),
        DEPLOYED_LIMIT / MAX_BATCH_MESSAGES,
      ),
    );
    const calls = served * MAX_BATCH_MESSAGES;
    expect(refused, `no 429 after ${calls} calls`).not.toBeNull();
    expect(calls).toBeGreaterThanOrEqual(DEPLOYED_LIMIT);
    expect(refused!.headers.get('retry-after')).toBe('60');
    expect(await refused!.json()).toEqual({
      error: 'RATE_LIMITED',
      message: expect.stringContaining(subject),
    });
  }, 180_000);

  it('answers 429 with Retry-After and the caller named once a principal exceeds its limit', async () => {
    const subject = `greedy-${crypto.randomUUID()}`;
    const {
      value: { served, refused },
      lines,
    } = await captureConsole(async () => {
      const bearer = await token(subject);
      return untilLimited(() => listTools(bearer, SMALL), LIMIT);
    });
    expect(refused, `no 429 after ${served} requests`).not.toBeNull();
    expect(served).toBeGreaterThanOrEqual(LIMIT);
    expect(refused!.headers.get('retry-after')).toBe('60');
    expect(await refused!.json()).toEqual({
      error: 'RATE_LIMITED',
      message: expect.stringContaining(subject),
    });
    expect(
      lines.some((line) => line.includes('"outcome":"rate_limited"') && line.includes(subject)),
    ).toBe(true);
  });

  // The binding takes no weight, so a batch must call limit() once per call. Counted through the
  // real binding (wrapped only to count), a batch of the largest size allowed (request-caps.ts)
  // takes as many units as it holds calls, notifications included.
  it.each([
    ['tools/list', (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list', params: {} })],
    [
      'notifications',
      (id: number) =>
        id % 2
          ? { jsonrpc: '2.0', method: 'notifications/initialized' }
          : { jsonrpc: '2.0', id, method: 'ping' },
    ],
  ])('counts every call of a JSON-RPC batch (%s), not the request once', async (_, message) => {
    const bearer = await token(`batcher-${crypto.randomUUID()}`);
    const real = SMALL.PRAXIS_RATE_LIMITER!;
    let units = 0;
    const counting = {
      limit: (options: RateLimitOptions) => {
        units++;
        return real.limit(options);
      },
    } as RateLimit;
    const batch = Array.from({ length: MAX_BATCH_MESSAGES }, (__, i) => message(i + 1));
    const { value: response } = await captureConsole(() =>
      callWorker(mcpRequest(batch, { bearer }), { ...SMALL, PRAXIS_RATE_LIMITER: counting }),
    );
    expect(response.status).toBe(200);
    await response.body?.cancel();
    expect(units).toBe(MAX_BATCH_MESSAGES);
  });

  it('limits each principal separately: another caller is still served', async () => {
    const greedy = await token(`greedy-${crypto.randomUUID()}`);
    const {
      value: { refused },
    } = await captureConsole(() => untilLimited(() => listTools(greedy, SMALL), LIMIT));
    expect(refused).not.toBeNull();
    const other = await captureConsole(async () =>
      listTools(await token(`polite-${crypto.randomUUID()}`), SMALL),
    );
    expect(other.value.status).toBe(200);
  });

  it('does not count refused (unauthenticated) requests against anyone, and never limits before auth', async () => {
    const { value: responses } = await captureConsole(() =>
      Promise.all(Array.from({ length: LIMIT * 3 }, () => listTools('not-a-token', SMALL))),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(LIMIT * 3).fill(401));
  });

  it('is off with PRAXIS_RATE_LIMIT=off (the dev/test override)', async () => {
    const bearer = await token(`unlimited-${crypto.randomUUID()}`);
    const { value: statuses } = await captureConsole(async () => {
      const all: number[] = [];
      for (let i = 0; i < LIMIT * 3; i++)
        all.push((await listTools(bearer, { ...SMALL, PRAXIS_RATE_LIMIT: 'off' })).status);
      return all;
    });
    expect(statuses).toEqual(Array(LIMIT * 3).fill(200));
  });

  it('fails open, and says so in the log, when the limiter itself fails', async () => {
    const broken = {
      limit: () => Promise.reject(new Error('rate limiter unreachable (injected)')),
    } as unknown as RateLimit;
    const { value: response, lines } = await captureConsole(async () =>
      listTools(await token('limiter-outage'), {
        PRAXIS_RATE_LIMIT: 'on',
        PRAXIS_RATE_LIMITER: broken,
      }),
    );
    expect(response.status).toBe(200);
    expect(lines.some((line) => line.includes('"rate_limiter_unavailable"'))).toBe(true);
  });
});
