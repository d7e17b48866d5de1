// What the Worker refuses at the library's own endpoints before the library sees the request:
// registrations over an address's rate, and token requests naming a client metadata URL (or its
// jwks_uri) on a host that is not public. The registration body's size and fields are bounded by
// registration-limits.ts (the body limit in front of this route, the field bounds in the library's
// registration callback).
import type { OAuthHelpers } from '@cloudflare/workers-oauth-provider';
import { REGISTER_PATH, TOKEN_PATH } from './authorization-server.ts';
import { tokenRequestHostRefusal } from './client-id-hosts.ts';
import {
  registrationRateRefusal,
  type RegistrationRateLimitEnv,
} from './registration-rate-limit.ts';

export async function protocolEndpointRefusal(
  request: Request,
  path: string,
  env: RegistrationRateLimitEnv,
  oauth: OAuthHelpers,
): Promise<Response | null> {
  if (request.method !== 'POST') return null;
  if (path === REGISTER_PATH) return registrationRateRefusal(request, env);
  if (path === TOKEN_PATH)
    return tokenRequestHostRefusal(request, (clientId) => oauth.lookupClient(clientId));
  return null;
}
