// The consent form's state, carried by the form itself instead of a KV record, so showing the page to
// an anonymous visitor stores nothing. The form's handle is a JWT (HS256, jose) over the validated
// authorization request and a random binding value, valid ten minutes; a __Host- cookie set with the
// page holds the same binding value, so the form is accepted only from the browser that opened the
// page (a forged or cross-site post is refused). Posting it clears that cookie.
import { AuthorizationError, type AuthRequest } from '@cloudflare/workers-oauth-provider';
import { SignJWT, jwtVerify } from 'jose';
import { clearedCookie, cookieValue, hostCookie } from './cookies.ts';
import { purposeKey, randomToken } from './purpose-keys.ts';

const AUDIENCE = 'praxis-consent-form';
const COOKIE_PREFIX = '__Host-praxis-consent-';
export const CONSENT_TTL_S = 600;

const cookieNameFor = (binding: string): string => `${COOKIE_PREFIX}${binding.slice(0, 16)}`;

export async function openConsentForm(
  authRequest: AuthRequest,
  secret: string,
): Promise<{ handle: string; cookie: string }> {
  const binding = randomToken();
  const handle = await new SignJWT({ request: authRequest, binding })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${CONSENT_TTL_S}s`)
    .sign(await purposeKey(secret, 'consent-form'));
  return { handle, cookie: hostCookie(cookieNameFor(binding), binding, CONSENT_TTL_S) };
}

/** The authorization request a posted form stands for, or AuthorizationError naming what is wrong. */
export async function postedConsentForm(
  request: Request,
  handle: string,
  secret: string,
): Promise<{ authRequest: AuthRequest; clearCookie: string }> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(handle, await purposeKey(secret, 'consent-form'), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
    }));
  } catch {
    throw new AuthorizationError('invalid_request', {
      description:
        'This consent form expired or was not issued here; start again from the application.',
    });
  }
  const binding = typeof payload.binding === 'string' ? payload.binding : '';
  const name = cookieNameFor(binding);
  if (!binding || cookieValue(request, name) !== binding) {
    throw new AuthorizationError('invalid_request', {
      description:
        'This consent form was not opened in this browser; start again from the application.',
    });
  }
  return { authRequest: payload.request as AuthRequest, clearCookie: clearedCookie(name) };
}
