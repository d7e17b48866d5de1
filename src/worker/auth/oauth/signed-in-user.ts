// Which upstream user last signed in through this browser, in a signed cookie, so a remembered
// consent is per user and client: the approval is bound to this subject when it is known. jose
// signs it (HS256 with the consent secret); it carries only the subject.
import { SignJWT, jwtVerify } from 'jose';

const COOKIE = '__Host-praxis-user';
const MAX_AGE_S = 30 * 24 * 3600;
const AUDIENCE = 'praxis-signed-in-user';

const keyOf = (secret: string): Uint8Array => new TextEncoder().encode(secret);

export async function signedInUser(request: Request, secret: string): Promise<string | undefined> {
  const cookie = (request.headers.get('cookie') ?? '')
    .split(/;\s*/)
    .find((part) => part.startsWith(`${COOKIE}=`));
  if (!cookie) return undefined;
  try {
    const { payload } = await jwtVerify(cookie.slice(COOKIE.length + 1), keyOf(secret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
    });
    return typeof payload.sub === 'string' ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}

export async function signedInUserCookie(subject: string, secret: string): Promise<string> {
  const value = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(subject)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${MAX_AGE_S}s`)
    .sign(keyOf(secret));
  return `${COOKIE}=${value}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=${MAX_AGE_S}`;
}
