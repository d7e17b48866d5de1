// The whole MCP authorization flow with no token handed over: the official MCP client gets the
// 401, follows resource_metadata to this server's RFC 9728 document, discovers the identity
// provider, obtains a token for this resource (client credentials, RFC 8707) and calls tools.
import {
  Client,
  ClientCredentialsProvider,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { resetIssuerKeys } from '../../../src/worker/auth/issuer-keys.ts';
import { RESOURCE, cloudEnv, providers } from '../../helpers/workerd/auth-helpers.ts';
import { MCP_URL, callWorker, publishFixture } from '../../helpers/workerd/helpers.ts';

const clients = inject('identityClients');

describe('an OAuth-capable MCP client', () => {
  beforeAll(async () => {
    await publishFixture();
    resetIssuerKeys();
  });

  it('finds the identity provider through the metadata, gets a token and lists and calls tools', async () => {
    const env = cloudEnv();
    const seen: string[] = [];
    // Requests for this server go to the Worker in-process; everything else (the provider) over loopback.
    const route = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input as RequestInfo, init);
      seen.push(`${request.method} ${request.url}`);
      return new URL(request.url).host === new URL(RESOURCE).host
        ? callWorker(request, env)
        : fetch(request);
    };
    const agent = clients.find((client) => client.clientId === 'engineer-agent')!;
    const authProvider = new ClientCredentialsProvider({
      clientId: agent.clientId,
      clientSecret: agent.secret,
      expectedIssuer: providers.stable,
    });
    const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
      authProvider,
      fetch: route,
    });
    const client = new Client({ name: 'praxis-oauth-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('search_processes');
      const result = await client.callTool({
        name: 'search_processes',
        arguments: { query: 'deployment' },
      });
      expect((result.structuredContent as { count: number }).count).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
    expect(seen).toEqual(
      expect.arrayContaining([
        'GET http://localhost/.well-known/oauth-protected-resource/mcp',
        `POST ${providers.stable}/token`,
      ]),
    );
    expect(seen.findIndex((line) => line.endsWith('/token'))).toBeGreaterThan(
      seen.findIndex((line) => line.includes('oauth-protected-resource')),
    );
  });
});
