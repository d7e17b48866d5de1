// Dynamic client registration per client address, counted by a Workers Rate Limiting binding
// (`PRAXIS_REGISTRATION_LIMITER` in wrangler.toml; nothing is written to KV to count). The address is
// CF-Connecting-IP, which Cloudflare's edge sets on every request from the internet (a value the
// client sends is replaced); no other header is trusted. An IPv6 client usually holds a whole /64, so
// that prefix is the key. Without the header (local development) every caller shares one key.
import ipaddr from 'ipaddr.js';

export interface RegistrationRateLimitEnv {
  PRAXIS_REGISTRATION_LIMITER?: RateLimit;
  /** "off" turns every rate limit off (tests, load tests), this one included. */
  PRAXIS_RATE_LIMIT?: string;
}

/** The binding's period (wrangler.toml simple.period): a refused client is told to wait this long. */
const PERIOD_S = 60;
let warnedUnbound = false;

/**
 * A 429 for an address over its registration limit, or null to go on. Fails open (and logs) without a
 * limiter.
 */
export async function registrationRateRefusal(
  request: Request,
  env: RegistrationRateLimitEnv,
): Promise<Response | null> {
  if ((env.PRAXIS_RATE_LIMIT ?? '').trim().toLowerCase() === 'off') return null;
  if (!env.PRAXIS_REGISTRATION_LIMITER) {
    if (!warnedUnbound)
      console.warn(
        JSON.stringify({
          event: 'rate_limit_unbound',
          message:
            'no PRAXIS_REGISTRATION_LIMITER binding ([[ratelimits]] in wrangler.toml): ' +
            'client registrations are not rate limited',
        }),
      );
    warnedUnbound = true;
    return null;
  }
  const key = `register:${addressKey(request.headers.get('cf-connecting-ip'))}`;
  let success = true;
  try {
    ({ success } = await env.PRAXIS_REGISTRATION_LIMITER.limit({ key }));
  } catch (error) {
    console.error(
      JSON.stringify({
        event: 'rate_limiter_unavailable',
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    return null;
  }
  if (success) return null;
  console.warn(JSON.stringify({ event: 'registration_rate_limited' }));
  return Response.json(
    {
      error: 'temporarily_unavailable',
      error_description: `Too many client registrations from this address; retry after ${PERIOD_S} s.`,
    },
    { status: 429, headers: { 'Retry-After': String(PERIOD_S), 'Cache-Control': 'no-store' } },
  );
}

/** The address a limit applies to: an IPv4 address, an IPv6 /64, or one shared key when unknown. */
export function addressKey(header: string | null): string {
  const value = (header ?? '').trim();
  if (!ipaddr.isValid(value)) return 'unknown';
  const address = ipaddr.process(value);
  if (address.kind() === 'ipv4') return address.toString();
  return `${(address as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}
