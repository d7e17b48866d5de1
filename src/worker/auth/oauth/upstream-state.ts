// The sign-in at the upstream provider, from the redirect there to the callback here, carried by an
// encrypted cookie instead of a KV record, so nothing is stored before the provider has vouched for
// a person. `state` (sent to the provider) is a random value; a __Host- cookie named after it holds a
// JWE (dir + A256GCM, jose) of the approved authorization request, the PKCE verifier and nonce for the
// provider, and that state, valid ten minutes. The callback is accepted only in the browser that was
// sent to the provider, with its own state; the cookie is cleared there.
import { AuthorizationError, type AuthRequest } from '@cloudflare/workers-oauth-provider';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { clearedCookie, cookieValue, hostCookie } from './cookies.ts';
import { purposeKey, randomToken } from './purpose-keys.ts';
import type { UpstreamAttempt } from './upstream.ts';

const AUDIENCE = 'praxis-upstream-state';
const COOKIE_PREFIX = '__Host-praxis-upstream-';
const TTL_S = 600;
/** Browsers keep cookies of up to 4096 bytes; a longer one would be dropped and the sign-in lost. */
const MAX_COOKIE_BYTES = 3800;

/**
 * An authorization request this long (as JSON) still fits the cookie with the attempt, encrypted and
 * encoded.
 */
const MAX_REQUEST_CHARS = 2400;

const cookieNameFor = (state: string): string => `${COOKIE_PREFIX}${state.slice(0, 16)}`;

/**
 * Checked before the consent page, so nobody approves a request that could not be carried through
 * sign-in.
 */
export function requestTooLongForSignIn(authRequest: AuthRequest): string | undefined {
  const length = JSON.stringify(authRequest).length;
  if (length <= MAX_REQUEST_CHARS) return undefined;
  return (
    `This sign-in request is too long (${length} characters of client_id, redirect_uri, scope and state; ` +
    `at most ${MAX_REQUEST_CHARS}).`
  );
}

export async function beginUpstreamSignIn(
  authRequest: AuthRequest,
  attempt: UpstreamAttempt,
  secret: string,
): Promise<{ state: string; cookie: string }> {
  const state = randomToken();
  const sealed = await new EncryptJWT({ request: authRequest, attempt, state })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TTL_S}s`)
    .encrypt(await purposeKey(secret, 'upstream-state'));
  const cookie = hostCookie(cookieNameFor(state), sealed, TTL_S);
  if (cookie.length > MAX_COOKIE_BYTES) {
    throw new AuthorizationError('invalid_request', {
      description:
        `This sign-in request is too long to carry through sign-in (${cookie.length} bytes of state); ` +
        `the application's state or client_id must be shorter.`,
    });
  }
  return { state, cookie };
}

/** At the callback: the approved request and the attempt, or AuthorizationError naming what is wrong. */
export async function finishUpstreamSignIn(
  request: Request,
  secret: string,
): Promise<{ authRequest: AuthRequest; attempt: UpstreamAttempt; clearCookie: string }> {
  const state = new URL(request.url).searchParams.get('state') ?? '';
  if (!state)
    throw new AuthorizationError('invalid_request', {
      description: 'The identity provider sent no state back.',
    });
  const name = cookieNameFor(state);
  const sealed = cookieValue(request, name);
  if (!sealed)
    throw new AuthorizationError('invalid_request', {
      description:
        'This sign-in was not started in this browser, or it expired; start again from the application.',
    });
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtDecrypt(sealed, await purposeKey(secret, 'upstream-state'), {
      audience: AUDIENCE,
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    }));
  } catch {
    throw new AuthorizationError('invalid_request', {
      description:
        'This sign-in expired or was not started here; start again from the application.',
    });
  }
  if (payload.state !== state)
    throw new AuthorizationError('invalid_request', {
      description:
        'This sign-in belongs to another attempt in this browser; start again from the application.',
    });
  return {
    authRequest: payload.request as AuthRequest,
    attempt: payload.attempt as UpstreamAttempt,
    clearCookie: clearedCookie(name),
  };
}
