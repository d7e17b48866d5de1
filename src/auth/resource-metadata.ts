// RFC 9728 Protected Resource Metadata: how an OAuth-capable MCP client learns which
// authorization server(s) issue tokens for this server and which scopes to ask for.
import { getOAuthProtectedResourceMetadataUrl, type OAuthProtectedResourceMetadata } from '@modelcontextprotocol/server';
import type { CloudAuthConfig } from './cloud-config.ts';

/** Where the metadata document for this resource lives (path-inserted, e.g. /.well-known/oauth-protected-resource/mcp). */
export const resourceMetadataUrl = (cloud: CloudAuthConfig): string => getOAuthProtectedResourceMetadataUrl(new URL(cloud.resource));

export function protectedResourceMetadata(cloud: CloudAuthConfig): OAuthProtectedResourceMetadata {
  return {
    resource: cloud.resource,
    authorization_servers: cloud.issuers,
    scopes_supported: cloud.requiredScopes,
    bearer_methods_supported: ['header'],
    resource_name: 'Praxis',
  };
}
