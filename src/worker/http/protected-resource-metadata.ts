// GET /.well-known/oauth-protected-resource[/mcp]: the RFC 9728 document OAuth-capable MCP clients
// read after a 401 to find the identity provider. Public, cacheable, readable from browsers.
import type { Context } from 'hono';
import type { AuthConfig } from '../auth/config.ts';
import { AUTH_MODES } from '../auth/modes.ts';
import {
  protectedResourceMetadata,
  protectedResourceOf,
  resourceMetadataUrl,
} from '../auth/resource-metadata.ts';

const ROOT_PATH = '/.well-known/oauth-protected-resource';
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
};

export function protectedResourceMetadataResponse(c: Context, auth: AuthConfig): Response {
  if (c.req.method === 'OPTIONS')
    return new Response(null, {
      status: 204,
      headers: {
        ...CORS,
        'Access-Control-Allow-Headers': c.req.header('access-control-request-headers') ?? '*',
      },
    });
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
    return c.json(
      { error: 'METHOD_NOT_ALLOWED', message: `${c.req.method} is not supported here; use GET.` },
      405,
      { ...CORS, Allow: 'GET, HEAD, OPTIONS' },
    );
  const resource = protectedResourceOf(auth);
  if (!resource) {
    return c.json(
      {
        error: 'NOT_FOUND',
        message: `Auth mode ${auth.mode} has no OAuth authorization server; ${AUTH_MODES[auth.mode].withoutAuthorizationServer ?? 'no token is needed'}.`,
      },
      404,
      CORS,
    );
  }
  const path = new URL(c.req.url).pathname.replace(/\/$/, '');
  if (path !== ROOT_PATH && path !== new URL(resourceMetadataUrl(resource)).pathname) {
    return c.json(
      {
        error: 'NOT_FOUND',
        message: `No protected resource at ${path}; this server's metadata is at ${resourceMetadataUrl(resource)}.`,
      },
      404,
      CORS,
    );
  }
  return c.json(protectedResourceMetadata(resource), 200, {
    ...CORS,
    'Cache-Control': 'public, max-age=300',
  });
}
