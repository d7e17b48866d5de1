// Which URLs may name an issuer, a JWKS or this resource. Tokens and keys fetched over plain HTTP
// could be swapped in transit, so HTTPS is required — except on loopback, where the traffic never
// leaves the machine (a local identity provider in development and tests; a deployed Worker
// cannot reach a loopback address anyway).
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

export const isLoopbackHostname = (hostname: string): boolean => LOOPBACK_HOSTNAMES.has(hostname);

/** undefined when acceptable; otherwise what is wrong with the URL, for a configuration message. */
export function secureUrlProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not an absolute URL';
  }
  if (
    url.protocol !== 'https:' &&
    !(url.protocol === 'http:' && isLoopbackHostname(url.hostname))
  ) {
    return 'must use https:// (plain http:// is accepted only for localhost / 127.0.0.1 / [::1])';
  }
  if (url.hash || raw.includes('#')) return 'must not contain a #fragment';
  if (url.search) return 'must not contain a ?query';
  if (url.username || url.password) return 'must not contain credentials';
  return undefined;
}
