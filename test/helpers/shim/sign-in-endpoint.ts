// A local MCP endpoint for sign-in tests: its protected-resource metadata names itself as the
// authorization server, whose metadata names the authorization endpoint the test chooses (hostile or
// not); dynamic registration and the token endpoint answer as a real server would.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostileEndpoint {
  url: URL;
  origin: string;
  close(): Promise<void>;
}

/** An MCP endpoint whose authorization server (itself) names `authorizationEndpoint(origin)`. */
export async function hostileEndpoint(
  authorizationEndpoint: (origin: string) => string,
): Promise<HostileEndpoint> {
  let origin = '';
  const server: Server = createServer((request, reply) => {
    const json = (status: number, body: unknown) => {
      reply.writeHead(status, { 'content-type': 'application/json' });
      reply.end(JSON.stringify(body));
    };
    const path = new URL(request.url ?? '/', origin).pathname;
    if (path.startsWith('/.well-known/oauth-protected-resource')) {
      json(200, { resource: `${origin}/mcp`, authorization_servers: [origin] });
    } else if (path === '/.well-known/oauth-authorization-server') {
      json(200, {
        issuer: origin,
        authorization_endpoint: authorizationEndpoint(origin),
        token_endpoint: `${origin}/token`,
        registration_endpoint: `${origin}/register`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
      });
    } else if (path === '/register' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk));
      request.on('end', () =>
        json(201, { ...(JSON.parse(body) as object), client_id: 'client-1' }),
      );
    } else if (path === '/token' && request.method === 'POST') {
      request.resume();
      json(200, {
        access_token: 'access-1',
        token_type: 'Bearer',
        refresh_token: 'refresh-1',
        expires_in: 3600,
      });
    } else {
      json(404, { error: 'not_found' });
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: new URL(`${origin}/mcp`),
    origin,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
