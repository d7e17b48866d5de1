// Identity-provider tokens: jose verifies the signature against the issuer's published keys, with
// an algorithm allow-list, exact issuer, this server's audience and a bounded clock tolerance.
import { decodeJwt, errors, jwtVerify, type JWTPayload } from 'jose';
import type { CloudAuthConfig } from './cloud-config.ts';
import {
  IdentityProviderUnavailable,
  issuerKeys,
  markUnavailable,
  UNAVAILABLE_RETRY_S,
} from './issuer-keys.ts';

export const CLOCK_TOLERANCE_S = 60;

export type CloudTokenCheck =
  | { ok: true; payload: JWTPayload }
  | { ok: false; unavailable: false; reason: string }
  | { ok: false; unavailable: true; reason: string; retryAfterS: number };

/** The token's `iss`, unverified: only used to choose which keys to verify it with. */
export function claimedIssuer(token: string): string | undefined {
  // Not a compact JWT (oauth mode's own tokens are `user:grant:secret`): decodeJwt would only throw,
  // and building its error (with a stack) was a tenth of the oauth token check's CPU.
  if (token.split('.', 4).length !== 3) return undefined;
  try {
    const { iss } = decodeJwt(token);
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    return undefined;
  }
}

export async function verifyCloudToken(
  token: string,
  config: CloudAuthConfig,
): Promise<CloudTokenCheck> {
  const issuer = claimedIssuer(token);
  if (issuer === undefined)
    return { ok: false, unavailable: false, reason: 'the token is not a JWT with an iss claim' };
  if (!config.issuers.includes(issuer))
    return {
      ok: false,
      unavailable: false,
      reason: `tokens from issuer ${unverifiedIssuer(issuer)} are not accepted here`,
    };
  try {
    const keys = await issuerKeys(issuer, config.jwksCooldownS);
    const { payload } = await jwtVerify(token, keys, {
      issuer,
      audience: config.audiences,
      algorithms: config.algorithms,
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ['sub', 'exp'],
    });
    return { ok: true, payload };
  } catch (error) {
    if (error instanceof IdentityProviderUnavailable)
      return {
        ok: false,
        unavailable: true,
        reason: error.message,
        retryAfterS: error.retryAfterS,
      };
    if (isKeyFetchFailure(error)) {
      const reason = `the signing keys of ${issuer} could not be fetched: ${(error as Error).message}`;
      markUnavailable(issuer, config.jwksCooldownS, reason);
      return { ok: false, unavailable: true, reason, retryAfterS: UNAVAILABLE_RETRY_S };
    }
    return { ok: false, unavailable: false, reason: describeFailure(error, config) };
  }
}

/**
 * An issuer nobody verified, as a refusal may show it: a URL-like name of at most 100 characters
 * from a safe alphabet is shown (it tells a developer which token they sent); anything else is not
 * reflected at all, so a token cannot put its text into WWW-Authenticate or the body.
 */
function unverifiedIssuer(issuer: string): string {
  return issuer.length <= MAX_SHOWN_ISSUER_CHARS && SHOWN_ISSUER.test(issuer)
    ? issuer
    : '(not shown: not a plain URL of at most 100 characters)';
}
const MAX_SHOWN_ISSUER_CHARS = 100;
const SHOWN_ISSUER = /^[A-Za-z0-9._~:/%@+-]+$/;

/** Network errors, timeouts, non-200 or unparsable JWKS answers: the provider's problem, not the token's. */
function isKeyFetchFailure(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return true;
  if (error instanceof errors.JOSEError) return error.constructor === errors.JOSEError;
  return true;
}

function describeFailure(error: unknown, config: CloudAuthConfig): string {
  if (error instanceof errors.JWTExpired) return 'the token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud')
      return `the token was not issued for this server (audience must be ${config.resource})`;
    if (error.claim === 'nbf') return 'the token is not valid yet';
    return `the token's ${error.claim} claim is not accepted (${error.reason})`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed)
    return `the token's signature algorithm is not accepted (allowed: ${config.algorithms.join(', ')})`;
  if (error instanceof errors.JWKSNoMatchingKey)
    return 'the token was signed with a key the issuer does not publish';
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return 'the token signature is invalid';
  return 'the token is not a valid signed JWT';
}
