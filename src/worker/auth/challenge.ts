// The HTTP answer to a refused request: status, WWW-Authenticate (RFC 6750 + RFC 9728's
// resource_metadata, so OAuth-capable clients can find the authorization server) and the process-query contract's body.
import type { AuthRefusal } from './authenticate.ts';
import type { AuthConfig } from './config.ts';
import { protectedResourceOf, resourceMetadataUrl } from './resource-metadata.ts';

export function refusalResponse(refusal: AuthRefusal, config: AuthConfig): Response {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (refusal.status === 503) headers['Retry-After'] = String(refusal.retryAfterS ?? 10);
  else headers['WWW-Authenticate'] = bearerChallenge(refusal, config);
  return Response.json(
    { error: refusal.code, message: refusal.message },
    { status: refusal.status, headers },
  );
}

function bearerChallenge(refusal: AuthRefusal, config: AuthConfig): string {
  const params: Array<[string, string]> = [['realm', 'praxis']];
  const resource = protectedResourceOf(config);
  if (resource) {
    params.push(['resource_metadata', resourceMetadataUrl(resource)]);
    if (resource.requiredScopes.length) params.push(['scope', resource.requiredScopes.join(' ')]);
  }
  if (refusal.oauthError)
    params.push(['error', refusal.oauthError], ['error_description', refusal.message]);
  return `Bearer ${params.map(([name, value]) => `${name}="${quoted(value)}"`).join(', ')}`;
}

/** Longest parameter value a challenge carries: messages are ours, but may quote a bounded bit of the request. */
const MAX_PARAMETER_CHARS = 300;

/** RFC 7230 quoted-string: escape backslash and quote, drop what a header cannot carry, bounded. */
const quoted = (value: string): string => {
  const bounded =
    value.length > MAX_PARAMETER_CHARS ? `${value.slice(0, MAX_PARAMETER_CHARS - 3)}...` : value;
  return bounded.replace(/[\\"]/g, '\\$&').replace(/[^\x20-\x7E]/g, ' ');
};
