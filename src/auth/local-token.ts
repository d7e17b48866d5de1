// Local development tokens: short-lived HS256 JWTs signed with a per-checkout secret that
// `praxis token` and `praxis dev` share (.praxis/local-secret). jose does the cryptography.
import { SignJWT, jwtVerify, errors } from 'jose';

export const LOCAL_ISSUER = 'praxis-local';
export const LOCAL_AUDIENCE = 'praxis-local-dev';
const LIFETIME = '12h';
const CLOCK_TOLERANCE_S = 60;

const keyFor = (secret: string): Uint8Array => new TextEncoder().encode(secret);

export async function issueLocalToken(secret: string, subject: string): Promise<string> {
  return new SignJWT({ scope: 'praxis:read' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(LOCAL_ISSUER)
    .setAudience(LOCAL_AUDIENCE)
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime(LIFETIME)
    .sign(keyFor(secret));
}

export type LocalTokenCheck = { ok: true; subject: string; scopes: string[] } | { ok: false; reason: string };

export async function verifyLocalToken(token: string, secret: string): Promise<LocalTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      issuer: LOCAL_ISSUER,
      audience: LOCAL_AUDIENCE,
      algorithms: ['HS256'],
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ['sub', 'exp'],
    });
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
    return { ok: true, subject: payload.sub!, scopes };
  } catch (error) {
    return { ok: false, reason: describeFailure(error) };
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'the token has expired: run `praxis token` for a new one';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'the token was not issued by this checkout (`praxis token` in the same folder as `praxis dev`)';
  if (error instanceof errors.JWTClaimValidationFailed) return `the token's ${error.claim} claim is not accepted here`;
  if (error instanceof errors.JOSEError) return 'the token is not a valid Praxis development token';
  return 'the token could not be verified';
}
