// Which sign-in addresses `praxis login` and the shim's own sign-in may hand to the browser
// opener. The address is the remote's word: the endpoint's protected-resource metadata (RFC 9728)
// names the authorization server, and that server's metadata names its authorization endpoint.
// An opener (xdg-open, open, rundll32 url.dll) starts whatever handler the system has for a
// scheme — ms-msdt:, file:, smb: run programs or reach file shares — so only a web page of the
// authorization server the protected-resource metadata names is opened: https:, or http: on
// this machine's loopback, at exactly that server's origin, with no user name or password.
import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { BlockList, isIP } from 'node:net';

/** The authorization server the SDK signed in at, when the protected-resource metadata names it. */
export function namedAuthorizationServer(
  discovery: OAuthDiscoveryState | undefined,
): string | undefined {
  if (!discovery) return undefined;
  const named = discovery.resourceMetadata?.authorization_servers ?? [];
  return named.includes(discovery.authorizationServerUrl)
    ? discovery.authorizationServerUrl
    : undefined;
}

/** Why `candidate` must not be opened, for the person (naming its origin); undefined when it may be. */
export function authorizationUrlProblem(
  candidate: string,
  authorizationServer?: string,
): string | undefined {
  const url = URL.parse(candidate);
  if (!url)
    return 'the sign-in address the authorization server gave is not a valid URL, so it was not opened';
  const refused = (why: string) => `the sign-in address (${originOf(url)}) was not opened: ${why}`;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    const scheme = shown(url.protocol);
    return refused(
      `only web pages are opened (https:, or http: on this machine's loopback), not ${scheme} addresses`,
    );
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return refused(
      "plain http: is opened only on this machine's loopback (127.0.0.0/8, ::1, localhost)",
    );
  }
  if (url.username || url.password) return refused('it carries a user name or password');
  // An unquoted URL is one word on a Windows command line too; a parsed https: URL has no space.
  if (/["\s]/.test(url.href)) return refused('it contains a quote or a space');
  const server = authorizationServer === undefined ? undefined : URL.parse(authorizationServer);
  if (!server)
    return refused(
      "the endpoint's protected-resource metadata (RFC 9728) names no authorization server",
    );
  if (url.origin !== server.origin) {
    const named = `the authorization server the endpoint's protected-resource metadata names (${originOf(server)})`;
    return refused(`it is not on ${named}`);
  }
  return undefined;
}

/** The origin, or for schemes without one the scheme and host (`smb://host`) or the scheme alone (`file:`). */
function originOf(url: URL): string {
  if (url.origin !== 'null') return shown(url.origin);
  return shown(url.host ? `${url.protocol}//${url.host}` : url.protocol);
}

/** Parsed URL parts are printable ASCII (the parser percent-encodes the rest); long ones are cut. */
function shown(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** `hostname` as URL gives it: IPv6 in brackets, IPv4 already in dotted form. */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost') return true;
  const address =
    hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
