// A Praxis-issued access token → the signed-in user's principal. The library checks the token's
// hash, expiry and audience (this resource only) in OAUTH_KV; groups come from the grant's props.
import type { Principal } from '../principal.ts';
import { authorizationServerFor, type OAuthStateEnv } from './authorization-server.ts';
import type { OAuthModeConfig } from './config.ts';
import type { GrantProps } from './identity.ts';

export type OAuthTokenCheck = { ok: true; principal: Principal } | { ok: false; reason: string };

export async function verifyOAuthAccessToken(token: string, config: OAuthModeConfig, env: OAuthStateEnv): Promise<OAuthTokenCheck> {
  const validated = await authorizationServerFor(config).validateToken(config.resource, token, env);
  if (!validated) return { ok: false, reason: 'not an access token this server issued for this resource, or it has expired or been revoked' };
  const { identity } = validated.props as GrantProps;
  return { ok: true, principal: { subject: identity.subject, groups: identity.groups, scopes: validated.scope, via: 'oauth' } };
}
