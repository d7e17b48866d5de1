// A Praxis-issued access token → the signed-in user's principal. The library checks the token's
// hash, expiry and audience (this resource only) in OAUTH_KV; groups come from the grant's props.
// A token this isolate has checked before costs one KV read of its record (checked-tokens.ts).
import type { Principal } from '../principal.ts';
import { authorizationServerFor, type OAuthStateEnv } from './authorization-server.ts';
import { checkedToken } from './checked-tokens.ts';
import type { OAuthModeConfig } from './config.ts';
import type { GrantProps } from './identity.ts';

export type OAuthTokenCheck = { ok: true; principal: Principal } | { ok: false; reason: string };

export async function verifyOAuthAccessToken(
  token: string,
  config: OAuthModeConfig,
  env: OAuthStateEnv,
): Promise<OAuthTokenCheck> {
  const principal = await checkedToken(token, config, env.OAUTH_KV, async (kv) => {
    const validated = await authorizationServerFor(config).validateToken(config.resource, token, {
      OAUTH_KV: kv,
    });
    if (!validated) return null;
    const { identity } = validated.props as GrantProps;
    // Shared by every request this token makes from this isolate: frozen, so none can change it for the next.
    const principal: Principal = Object.freeze({
      subject: identity.subject,
      groups: Object.freeze([...identity.groups]) as string[],
      scopes: Object.freeze([...validated.scope]) as string[],
      via: 'oauth',
    });
    return { checked: principal, expiresAt: validated.expiresAt };
  });
  if (!principal)
    return {
      ok: false,
      reason:
        'not an access token this server issued for this resource, or it has expired or been revoked',
    };
  return { ok: true, principal };
}
