// Local development tokens: short-lived HS256 JWTs signed with a per-checkout secret that
// `praxis token` and `praxis dev` share (.praxis/local-secret). jose does the cryptography.
// A token may name groups (`praxis token --group NAME`); the Worker honours them in auth mode local
// only (src/worker/auth/authenticate.ts).
import { SignJWT, jwtVerify, errors } from 'jose';

export const LOCAL_ISSUER = 'praxis-local';
export const LOCAL_AUDIENCE = 'praxis-local-dev';
/** What `praxis token` issues; the server accepts nothing that lives longer (plus the clock tolerance). */
export const LOCAL_TOKEN_LIFETIME_S = 12 * 60 * 60;
const CLOCK_TOLERANCE_S = 60;
/** Subjects name a person or agent in audit lines and messages: printable, at most this long. */
export const MAX_SUBJECT_CHARS = 128;
const SUBJECT = /^[\x21-\x7E](?:[\x20-\x7E]*[\x21-\x7E])?$/;

/** Why `subject` cannot be a development token's `sub`, or null when it can. */
export function subjectProblem(subject: string): string | null {
  if (!subject.trim()) return 'the subject is empty';
  if (subject.length > MAX_SUBJECT_CHARS)
    return `the subject is longer than ${MAX_SUBJECT_CHARS} characters`;
  if (!SUBJECT.test(subject))
    return 'the subject must be printable ASCII without leading or trailing spaces';
  return null;
}

/** How many groups a development token may name, each named like a subject. */
export const MAX_LOCAL_GROUPS = 32;

/** Why `groups` cannot be a development token's groups, or null when they can. */
export function groupsProblem(groups: readonly string[]): string | null {
  if (groups.length > MAX_LOCAL_GROUPS) return `more than ${MAX_LOCAL_GROUPS} groups`;
  for (const group of groups) {
    const problem = subjectProblem(group);
    if (problem)
      return `group '${group.slice(0, 40)}': ${problem.replace('the subject', 'the name')}`;
  }
  return null;
}

const keyFor = (secret: string): Uint8Array => new TextEncoder().encode(secret);

export async function issueLocalToken(
  secret: string,
  subject: string,
  groups: readonly string[] = [],
): Promise<string> {
  const problem = subjectProblem(subject) ?? groupsProblem(groups);
  if (problem) throw new Error(`cannot issue a development token: ${problem}`);
  return new SignJWT({ scope: 'praxis:read', ...(groups.length ? { groups: [...groups] } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(LOCAL_ISSUER)
    .setAudience(LOCAL_AUDIENCE)
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime(`${LOCAL_TOKEN_LIFETIME_S}s`)
    .sign(keyFor(secret));
}

export type LocalTokenCheck =
  | {
      ok: true;
      subject: string;
      scopes: string[];
      groups: string[];
      /** Epoch seconds from which the token is refused without the clock tolerance: exp, or 12 hours after iat if sooner. */
      endsAt: number;
    }
  | { ok: false; reason: string };

export async function verifyLocalToken(token: string, secret: string): Promise<LocalTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      issuer: LOCAL_ISSUER,
      audience: LOCAL_AUDIENCE,
      algorithms: ['HS256'],
      clockTolerance: CLOCK_TOLERANCE_S,
      requiredClaims: ['sub', 'exp', 'iat'],
      // iat older than the lifetime is refused by jose; a far-off exp is refused below.
      maxTokenAge: LOCAL_TOKEN_LIFETIME_S,
    });
    const lifetime = payload.exp! - payload.iat!;
    const remaining = payload.exp! - Math.floor(Date.now() / 1000);
    if (
      lifetime > LOCAL_TOKEN_LIFETIME_S + CLOCK_TOLERANCE_S ||
      remaining > LOCAL_TOKEN_LIFETIME_S + CLOCK_TOLERANCE_S
    ) {
      return {
        ok: false,
        reason:
          'the token lives longer than the 12 hours `praxis token` issues: run `praxis token` for a new one',
      };
    }
    const problem = subjectProblem(payload.sub!);
    if (problem)
      return { ok: false, reason: `the token's sub claim is not accepted here (${problem})` };
    const scopes =
      typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
    const groups = payload.groups ?? [];
    if (
      !Array.isArray(groups) ||
      !groups.every((group): group is string => typeof group === 'string') ||
      groupsProblem(groups)
    )
      return { ok: false, reason: "the token's groups claim is not accepted here" };
    const endsAt = Math.min(payload.exp!, payload.iat! + LOCAL_TOKEN_LIFETIME_S);
    return { ok: true, subject: payload.sub!, scopes, groups, endsAt };
  } catch (error) {
    return { ok: false, reason: describeFailure(error) };
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof errors.JWTExpired)
    return 'the token has expired: run `praxis token` for a new one';
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return 'the token was not issued by this checkout (`praxis token` in the same folder as `praxis dev`)';
  if (error instanceof errors.JWTClaimValidationFailed)
    return `the token's ${error.claim} claim is not accepted here`;
  if (error instanceof errors.JOSEError) return 'the token is not a valid Praxis development token';
  return 'the token could not be verified';
}
