// Client IDs that are URLs (client ID metadata documents) make the Worker fetch what they name: at
// /authorize (client_id in the query) and at the token endpoint (client_id in the form, the Basic
// user name, or a client assertion's issuer), and a document's jwks_uri when the client signs its
// assertions. Any of these naming a host that is not on the public internet is refused before the
// library fetches anything (public-host.ts says why deployed Workers need this only under `praxis dev`).
import { decodeJwt } from 'jose';
import { nonPublicUrlReason } from './public-host.ts';

/** A client_id the library would resolve by fetching it: an https URL with a path. */
const isMetadataUrl = (clientId: string): boolean => {
  try {
    const url = new URL(clientId);
    return url.protocol === 'https:' && url.pathname !== '/' && url.pathname !== '';
  } catch {
    return false;
  }
};

/** The refusal text for the first client ID in `clientIds` whose metadata URL names a non-public host. */
export function nonPublicClientIdProblem(clientIds: Iterable<string>): string | undefined {
  for (const clientId of clientIds) {
    if (!isMetadataUrl(clientId)) continue;
    const reason = nonPublicUrlReason(clientId);
    if (reason)
      return (
        `client_id ${originOf(clientId)} names ${reason}; ` +
        'only metadata documents on the public internet are fetched'
      );
  }
  return undefined;
}

/**
 * The same for a metadata document's jwks_uri, fetched when the client authenticates with a signed
 * assertion.
 */
export function nonPublicJwksUriProblem(jwksUri: string | undefined): string | undefined {
  if (!jwksUri) return undefined;
  const reason = nonPublicUrlReason(jwksUri);
  return reason
    ? `the client's jwks_uri ${originOf(jwksUri)} names ${reason}; it is not fetched`
    : undefined;
}

/**
 * Every client ID a token-endpoint request names: form client_id, Basic user name, assertion issuer and
 * subject.
 */
export async function tokenRequestClientIds(
  request: Request,
): Promise<{ clientIds: string[]; signsAssertion: boolean }> {
  const clientIds: string[] = [];
  const form = await request
    .clone()
    .formData()
    .catch(() => undefined);
  for (const value of form?.getAll('client_id') ?? [])
    if (typeof value === 'string') clientIds.push(value);
  const assertion = form?.get('client_assertion');
  if (typeof assertion === 'string') {
    try {
      const claims = decodeJwt(assertion);
      for (const claim of [claims.iss, claims.sub])
        if (typeof claim === 'string') clientIds.push(claim);
    } catch {
      // Not a JWT: the library refuses it without looking anything up.
    }
  }
  const basic = basicUserName(request.headers.get('authorization'));
  if (basic !== undefined) clientIds.push(basic);
  return { clientIds, signsAssertion: typeof assertion === 'string' };
}

/** RFC 6749 §2.3.1: the form-encoded client ID before the colon of a Basic credential. */
function basicUserName(header: string | null): string | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  try {
    const decoded = atob(match[1]!);
    const colon = decoded.indexOf(':');
    return decodeURIComponent(
      (colon === -1 ? decoded : decoded.slice(0, colon)).replace(/\+/g, ' '),
    );
  } catch {
    return undefined;
  }
}

/** Only the origin goes into a message: the path of a made-up URL is the caller's text, not ours to echo. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'that URL';
  }
}

/**
 * A token-endpoint request naming a metadata URL on a non-public host (or, when it signs its
 * assertion, a document whose jwks_uri is on one) gets invalid_client here; null lets it through.
 */
export async function tokenRequestHostRefusal(
  request: Request,
  lookupClient: (clientId: string) => Promise<{ jwksUri?: string } | null>,
): Promise<Response | null> {
  const { clientIds, signsAssertion } = await tokenRequestClientIds(request);
  let problem = nonPublicClientIdProblem(clientIds);
  if (!problem && signsAssertion) {
    for (const clientId of new Set(clientIds.filter(isMetadataUrl))) {
      const client = await lookupClient(clientId).catch(() => null);
      problem ??= nonPublicJwksUriProblem(client?.jwksUri);
    }
  }
  if (!problem) return null;
  console.warn(JSON.stringify({ event: 'client_id_host_refused', reason: problem }));
  return Response.json(
    { error: 'invalid_client', error_description: problem },
    { status: 400, headers: { 'Cache-Control': 'no-store' } },
  );
}
