// The bearer JWTs this isolate has already verified (development tokens and identity-provider
// tokens), so the next request with the same token costs one SHA-256 instead of a signature check
// and the claims' parsing (about 0.05 ms of a warm call in workerd, in a profile at load 8).
//
// A JWT is decided by itself, the auth configuration and the clock; nothing revokes one before it
// ends (oauth mode's own tokens, which can be revoked, are remembered by oauth/checked-tokens.ts
// against their record instead). So a verification is reused only
// - under the same configuration object: a new secret, mode, issuer list or audience is a new env,
//   hence a new configuration, under which nothing remembered counts;
// - before the token's end, as the verifier gave it (exp, and for a development token the end of its
//   12 hours after iat), with none of the verifier's clock tolerance;
// - for at most REMEMBER_S seconds, so a signing key an identity provider stops publishing stops
//   admitting its tokens within that time (its JWKS copy is refreshed every ten minutes anyway).
// Only acceptances are remembered: a refusal is decided afresh every time. Principals are frozen,
// as every request with the token shares one.
import { LruCache } from '../content/lru-cache.ts';
import type { AuthConfig } from './config.ts';
import type { Principal } from './principal.ts';

export const REMEMBER_S = 60;
/** Tokens per configuration; each entry is a principal of a few hundred bytes. */
const MAX_REMEMBERED = 2000;

/** A verification's outcome: who, and until when (epoch seconds, exclusive) it may be reused. */
export type Verified = { ok: true; principal: Principal; until: number };

const memos = new WeakMap<AuthConfig, LruCache<string, Verified>>();

function memoOf(config: AuthConfig): LruCache<string, Verified> {
  let memo = memos.get(config);
  if (!memo) memos.set(config, (memo = new LruCache(MAX_REMEMBERED)));
  return memo;
}

/**
 * `verify`'s outcome for `token` under `config`, reused from an earlier request while the rules above
 * allow. The memo is keyed by the token's SHA-256, so the isolate keeps no bearer token.
 */
export async function rememberedVerification<Refusal extends { ok: false }>(
  token: string,
  config: AuthConfig,
  verify: () => Promise<Verified | Refusal>,
): Promise<Verified | Refusal> {
  const id = await sha256Base64(token);
  const memo = memoOf(config);
  const remembered = memo.get(id);
  if (remembered && nowS() < remembered.until) return remembered;
  if (remembered) memo.delete(id);
  const outcome = await verify();
  if (!outcome.ok) return outcome;
  const verified: Verified = {
    ok: true,
    principal: frozen(outcome.principal),
    until: Math.min(outcome.until, nowS() + REMEMBER_S),
  };
  memo.set(id, verified, 1);
  return verified;
}

const nowS = (): number => Math.floor(Date.now() / 1000);

function frozen(principal: Principal): Principal {
  Object.freeze(principal.groups);
  Object.freeze(principal.scopes);
  return Object.freeze(principal);
}

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}
