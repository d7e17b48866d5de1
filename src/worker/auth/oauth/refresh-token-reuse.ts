// Refresh-token reuse detection (RFC 9700 §4.14.2). workers-oauth-provider rotates refresh tokens
// but keeps accepting the token a refresh rotated away until its successor is used (a grace for a
// lost response). Presented again, that token would mint a new chain and strand the other holder's,
// so whoever stole it would keep a working sign-in while the person was logged out. Praxis treats
// any second use of a rotated-away token as theft and revokes the whole grant: neither chain
// survives, whichever holder used it first. Tokens older than that the library already refuses.
//
// The library's token-exchange callback is not told which refresh token was presented, so the
// token endpoint's request is read here first (its digest is handed to the callback through the
// per-request env object), and each refresh records that digest in the grant's encrypted props,
// written by the same grant write that rotates the token.
import { OAuthError } from '@cloudflare/workers-oauth-provider';
import type { GrantProps } from './identity.ts';
import { sha256Base64url } from './sha256-base64url.ts';

/** Digest of the refresh token each token request presented, keyed by that request's own env object. */
const presentedRefreshTokens = new WeakMap<object, string>();

/**
 * The env to hand the library for this request: for a refresh-token grant at the token endpoint, a
 * copy that carries the presented token's digest to the callback; otherwise `env` itself.
 */
export async function envWithPresentedRefreshToken<E extends object>(
  request: Request,
  env: E,
  tokenPath: string,
): Promise<E> {
  if (request.method !== 'POST' || new URL(request.url).pathname !== tokenPath) return env;
  const form = await request
    .clone()
    .formData()
    .catch(() => undefined);
  if (!form || form.get('grant_type') !== 'refresh_token') return env;
  const tokens = form.getAll('refresh_token');
  // Repeated or missing: the library refuses such a request before any callback runs.
  if (tokens.length !== 1 || typeof tokens[0] !== 'string') return env;
  const requestEnv = { ...env };
  presentedRefreshTokens.set(requestEnv, await refreshTokenDigest(tokens[0]));
  return requestEnv;
}

/** SHA-256 of the token, base64url: what the grant keeps (encrypted) instead of the token. */
export async function refreshTokenDigest(token: string): Promise<string> {
  return sha256Base64url(token);
}

/**
 * For a refresh about to be granted: the digest the grant's props should record, or an OAuthError.
 * `invalid_grant` (a replay) makes the library revoke the grant with all its tokens.
 */
export function refreshTokenBeingRotated(env: object, props: GrantProps, subject: string): string {
  const presented = presentedRefreshTokens.get(env);
  if (presented === undefined) {
    // Only a refresh that bypassed envWithPresentedRefreshToken gets here: refuse it without revoking.
    throw new OAuthError('invalid_request', {
      description: 'The refresh request could not be read; send one refresh_token, form-encoded.',
      internal: { category: 'refresh-token-grant', reason: 'refresh_token_unread' },
    });
  }
  if (props.rotatedRefreshToken === presented) {
    console.warn(JSON.stringify({ event: 'refresh_token_replayed', subject }));
    throw new OAuthError('invalid_grant', {
      description:
        'This refresh token was already used; the sign-in has been revoked because its tokens may have been ' +
        'copied. Sign in again.',
      internal: { category: 'refresh-token-grant', reason: 'refresh_token_reused' },
    });
  }
  return presented;
}
