// An issuer's signing keys, found by OpenID Connect discovery and cached per isolate: one
// createRemoteJWKSet per issuer, which refetches the JWKS when a token names an unknown `kid`
// (at most once per cool-down) and when its copy is older than ten minutes. An unreachable
// provider is remembered briefly, so a burst of requests does not become a burst of timeouts.
import { createRemoteJWKSet } from 'jose';
import { secureUrlProblem } from './url-rules.ts';
import { PraxisError } from '../../shared/praxis-error.ts';

export type IssuerKeys = ReturnType<typeof createRemoteJWKSet>;

/** The identity provider could not be asked; the request should be retried, not refused for good. */
export class IdentityProviderUnavailable extends PraxisError {
  static override code = 'ERR_IDENTITY_PROVIDER_UNAVAILABLE';
  override readonly code = 'ERR_IDENTITY_PROVIDER_UNAVAILABLE';
  readonly retryAfterS: number;
  constructor(message: string, retryAfterS: number) {
    super(message);
    this.retryAfterS = retryAfterS;
  }
}

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 5000;
export const UNAVAILABLE_RETRY_S = 10;

interface Discovered {
  keys: IssuerKeys;
  expires: number;
}
const discovered = new Map<string, Discovered>();
const pending = new Map<string, Promise<IssuerKeys>>();
const unavailableUntil = new Map<string, { until: number; reason: string }>();

export async function issuerKeys(issuer: string, cooldownS: number): Promise<IssuerKeys> {
  const cacheKey = `${issuer} ${cooldownS}`;
  const known = discovered.get(cacheKey);
  if (known && known.expires > Date.now()) return known.keys;
  const down = unavailableUntil.get(cacheKey);
  if (down && down.until > Date.now())
    throw new IdentityProviderUnavailable(down.reason, Math.ceil((down.until - Date.now()) / 1000));
  let discovery = pending.get(cacheKey);
  if (!discovery) {
    discovery = discoverKeys(issuer, cooldownS).finally(() => pending.delete(cacheKey));
    pending.set(cacheKey, discovery);
  }
  try {
    const keys = await discovery;
    discovered.set(cacheKey, { keys, expires: Date.now() + DISCOVERY_TTL_MS });
    return keys;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    markUnavailable(issuer, cooldownS, reason);
    throw new IdentityProviderUnavailable(reason, UNAVAILABLE_RETRY_S);
  }
}

/** Called when the JWKS fetch itself fails after discovery succeeded. */
export function markUnavailable(issuer: string, cooldownS: number, reason: string): void {
  unavailableUntil.set(`${issuer} ${cooldownS}`, {
    until: Date.now() + UNAVAILABLE_RETRY_S * 1000,
    reason,
  });
}

/** Tests only: forget every issuer, as a fresh isolate would. */
export function resetIssuerKeys(): void {
  discovered.clear();
  pending.clear();
  unavailableUntil.clear();
}

async function discoverKeys(issuer: string, cooldownS: number): Promise<IssuerKeys> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    redirect: 'manual',
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  }).catch((error: Error) => {
    throw new Error(`OIDC discovery at ${url} failed: ${error.message}`);
  });
  if (response.status !== 200)
    throw new Error(`OIDC discovery at ${url} answered HTTP ${response.status}`);
  const metadata = (await response.json().catch(() => null)) as {
    issuer?: unknown;
    jwks_uri?: unknown;
  } | null;
  // OpenID Connect Discovery §4.3: the document must name exactly the issuer it was fetched for.
  if (metadata?.issuer !== issuer)
    throw new Error(
      `OIDC discovery at ${url} names issuer ${JSON.stringify(metadata?.issuer)}, not ${issuer}; check PRAXIS_AUTH_ISSUERS (exact string, trailing slash included)`,
    );
  if (typeof metadata.jwks_uri !== 'string')
    throw new Error(`OIDC discovery at ${url} has no jwks_uri`);
  const problem = secureUrlProblem(metadata.jwks_uri);
  if (problem)
    throw new Error(`OIDC discovery at ${url}: jwks_uri ${metadata.jwks_uri} ${problem}`);
  return createRemoteJWKSet(new URL(metadata.jwks_uri), {
    cooldownDuration: cooldownS * 1000,
    timeoutDuration: FETCH_TIMEOUT_MS,
  });
}
