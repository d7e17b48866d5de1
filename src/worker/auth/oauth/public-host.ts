// Whether a host named by a client (a client ID metadata document URL, its jwks_uri) is on the public
// internet. Deployed, the Worker's fetch reaches nothing else (global_fetch_strictly_public); under
// `praxis dev` it would reach this machine and its network, so such hosts are refused here, before any
// fetch. Literal addresses are classified by ipaddr.js (every special-purpose range counts as not
// public); names are refused when they can only be local. A public name that resolves to a private
// address is not detected here (the Worker cannot resolve names itself).
import ipaddr from 'ipaddr.js';

/** Suffixes no public DNS name has (RFC 6761, RFC 8375, and the common private-use ones). */
const LOCAL_NAME_SUFFIXES = [
  '.localhost',
  '.local',
  '.internal',
  '.home.arpa',
  '.localdomain',
  '.lan',
  '.intranet',
  '.corp',
  '.private',
  '.test',
  '.invalid',
];

/** undefined for a public host; otherwise why it is not one, for a refusal message. */
export function nonPublicHostReason(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const literal = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (ipaddr.isValid(literal)) {
    const address = ipaddr.parse(literal);
    const range = address.range();
    return range === 'unicast' ? undefined : `a ${range} address`;
  }
  if (
    host === 'localhost' ||
    LOCAL_NAME_SUFFIXES.some((suffix) => host.endsWith(suffix) || host === suffix.slice(1))
  )
    return 'a local name';
  if (!host.includes('.')) return 'a single-label name, which only a local network resolves';
  return undefined;
}

/** The same question for a URL: undefined when its host is public, else the refusal reason. */
export function nonPublicUrlReason(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  return nonPublicHostReason(parsed.hostname);
}
