// Requests per principal, counted by Cloudflare's Workers Rate Limiting binding (`[[ratelimits]]` in
// wrangler.toml; miniflare runs the same binding locally). The key is who is asking, after auth, so
// one runaway agent cannot starve the others; refused requests get 429 with Retry-After. Every
// JSON-RPC call counts: a batch of n calls (2025-03-26 clients may still send them, and the SDK
// serves them) counts n times, so batching cannot multiply the limit.
import type { MiddlewareHandler } from 'hono';
import type { Principal } from '../auth/principal.ts';
import { noteForAudit } from './audit.ts';
import type { McpPipeline } from './mcp-context.ts';

export interface RateLimitEnv {
  /** The `[[ratelimits]]` binding: limit and period are configured there. */
  PRAXIS_RATE_LIMITER?: RateLimit;
  /** "off" disables limiting (tests, load tests); anything else, or unset, leaves it on. */
  PRAXIS_RATE_LIMIT?: string;
  /** Seconds a refused client should wait: the binding's `simple.period` (10 or 60; default 60). */
  PRAXIS_RATE_LIMIT_PERIOD_S?: string;
}

let warnedUnbound = false;

/** The request's calls (its plan counts them) taken from the caller's limit; 429 once it is spent. */
export const rateLimitPerCaller: MiddlewareHandler<McpPipeline> = async (c, next) => {
  const limited = await rateLimitRefusal(c.env, c.get('principal'), c.get('plan').calls);
  if (limited) {
    noteForAudit(c, { outcome: 'rate_limited' });
    return limited;
  }
  await next();
};

/**
 * A 429 for a principal over its limit, or null to go on. `calls` units are taken from the limiter
 * (one per JSON-RPC call in the body). Fails open (and logs) if the limiter itself fails.
 */
export async function rateLimitRefusal(
  env: RateLimitEnv,
  principal: Principal,
  calls = 1,
): Promise<Response | null> {
  if ((env.PRAXIS_RATE_LIMIT ?? '').trim().toLowerCase() === 'off') return null;
  if (!env.PRAXIS_RATE_LIMITER) {
    if (!warnedUnbound)
      console.warn(
        JSON.stringify({
          event: 'rate_limit_unbound',
          message:
            'no PRAXIS_RATE_LIMITER binding ([[ratelimits]] in wrangler.toml): requests are not rate limited; set PRAXIS_RATE_LIMIT=off to silence this',
        }),
      );
    warnedUnbound = true;
    return null;
  }
  // The binding counts one per limit() call and takes no weight: a batch calls it once per member,
  // stopping at the first refusal.
  let outcome: RateLimitOutcome = { success: true };
  try {
    for (let call = 0; call < calls && outcome.success; call++) {
      outcome = await env.PRAXIS_RATE_LIMITER.limit({
        key: `${principal.via}:${principal.subject}`,
      });
    }
  } catch (error) {
    // The limiter protects capacity; auth already decided who may read. Its outage must not become ours.
    console.error(
      JSON.stringify({
        event: 'rate_limiter_unavailable',
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    return null;
  }
  if (outcome.success) return null;
  const retryAfter = periodOf(env);
  return Response.json(
    {
      error: 'RATE_LIMITED',
      message: `Too many requests for ${principal.subject}; retry after ${retryAfter} s. The limit is per caller and set by the operators of this endpoint.`,
    },
    { status: 429, headers: { 'Retry-After': String(retryAfter) } },
  );
}

function periodOf(env: RateLimitEnv): number {
  const period = Number(env.PRAXIS_RATE_LIMIT_PERIOD_S);
  return period === 10 || period === 60 ? period : 60;
}
