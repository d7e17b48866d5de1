// Who signed in, as the upstream OpenID provider vouched for it: what a Praxis-issued grant keeps
// (encrypted in OAUTH_KV) and what a request's principal is built from.
import { groupsOf } from '../claims.ts';

export interface SignedInIdentity {
  subject: string;
  name?: string;
  email?: string;
  groups: string[];
}

/** The upstream's tokens: kept inside the grant's encrypted props, never sent to an MCP client. */
export interface UpstreamTokens {
  refreshToken?: string;
  accessToken?: string;
  /** Epoch seconds after which accessToken is no longer worth presenting. */
  accessTokenExpiresAt?: number;
}

/** The props stored with each grant and access token this Worker issues. */
export interface GrantProps {
  identity: SignedInIdentity;
  upstream: UpstreamTokens;
  /** Digest of the refresh token the last refresh rotated away: presenting it again revokes the grant. */
  rotatedRefreshToken?: string;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Claims from the ID token, completed by userinfo when the groups are only there. */
export function identityFrom(
  claims: Record<string, unknown>,
  groupsClaim: string,
): SignedInIdentity {
  return {
    subject: String(claims.sub),
    name: text(claims.name) ?? text(claims.preferred_username),
    email: text(claims.email),
    groups: groupsOf(claims, groupsClaim),
  };
}
