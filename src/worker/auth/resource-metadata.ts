// RFC 9728 Protected Resource Metadata: how an OAuth-capable MCP client learns which
// authorization server(s) issue tokens for this server and which scopes to ask for.
import {
  getOAuthProtectedResourceMetadataUrl,
  type OAuthProtectedResourceMetadata,
} from '@modelcontextprotocol/server';
import type { AuthConfig } from './config.ts';
import { PRAXIS_SCOPE } from './oauth/authorization-server.ts';

/** This server as an OAuth protected resource, in the modes that have one (cloud, auto, oauth). */
export interface ProtectedResource {
  resource: string;
  authorizationServers: string[];
  requiredScopes: string[];
}

/** cloud/auto: the identity providers issue the tokens; oauth: this Worker does. */
export function protectedResourceOf(config: AuthConfig): ProtectedResource | undefined {
  if (config.oauth)
    return {
      resource: config.oauth.resource,
      authorizationServers: [config.oauth.issuer],
      requiredScopes: [PRAXIS_SCOPE],
    };
  if (config.cloud)
    return {
      resource: config.cloud.resource,
      authorizationServers: config.cloud.issuers,
      requiredScopes: config.cloud.requiredScopes,
    };
  return undefined;
}

/** Where the metadata document for this resource lives (path-inserted, e.g. /.well-known/oauth-protected-resource/mcp). */
export const resourceMetadataUrl = (resource: ProtectedResource): string =>
  getOAuthProtectedResourceMetadataUrl(new URL(resource.resource));

export function protectedResourceMetadata(
  resource: ProtectedResource,
): OAuthProtectedResourceMetadata {
  return {
    resource: resource.resource,
    authorization_servers: resource.authorizationServers,
    scopes_supported: resource.requiredScopes,
    bearer_methods_supported: ['header'],
    resource_name: 'Praxis',
  };
}
