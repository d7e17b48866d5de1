// Request → Principal, or the reason it is refused. One function per mode; SSO modes slot in beside them.
import type { AuthConfig } from './config.ts';
import { verifyLocalToken } from './local-token.ts';
import { ANONYMOUS_DEVELOPER, type Principal } from './principal.ts';

export type AuthFailureCode = 'AUTHENTICATION_REQUIRED' | 'AUTHENTICATION_FAILED';

export type AuthOutcome =
  | { ok: true; principal: Principal }
  | { ok: false; status: 401 | 403; code: AuthFailureCode; message: string; tokenGiven: boolean };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export async function authenticate(request: Request, config: AuthConfig): Promise<AuthOutcome> {
  if (config.mode === 'off') return admitWithoutAuth(request);
  const token = bearerToken(request.headers.get('authorization'));
  if (token === undefined) {
    return { ok: false, status: 401, code: 'AUTHENTICATION_REQUIRED', tokenGiven: false, message: 'This endpoint needs a bearer token: send Authorization: Bearer <token> (local development: run `praxis token`).' };
  }
  if (token === null) {
    return { ok: false, status: 401, code: 'AUTHENTICATION_FAILED', tokenGiven: true, message: 'The Authorization header must have the form: Bearer <token>.' };
  }
  const check = await verifyLocalToken(token, config.localSecret!);
  if (!check.ok) return { ok: false, status: 401, code: 'AUTHENTICATION_FAILED', tokenGiven: true, message: `Invalid token: ${check.reason}.` };
  return { ok: true, principal: { subject: check.subject, groups: [], scopes: check.scopes, via: 'local' } };
}

/** `off` exists for protocol testing on a developer's machine; anywhere else it would be an open door. */
function admitWithoutAuth(request: Request): AuthOutcome {
  const host = new URL(request.url).hostname;
  if (!LOOPBACK_HOSTS.has(host)) {
    return { ok: false, status: 403, code: 'AUTHENTICATION_FAILED', tokenGiven: false, message: 'Auth mode off is only served on loopback (localhost); configure PRAXIS_AUTH_MODE for this deployment.' };
  }
  return { ok: true, principal: { ...ANONYMOUS_DEVELOPER, via: 'off' } };
}

/** undefined: no header; null: a header that is not a well-formed Bearer credential. */
function bearerToken(header: string | null): string | null | undefined {
  if (header === null || header.trim() === '') return undefined;
  const match = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header);
  return match ? match[1]! : null;
}
