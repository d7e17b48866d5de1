// Shared by the SSO tests in workerd: Worker env for cloud/auto mode against the loopback identity
// providers started by auth-global-setup.ts, real tokens from their token endpoint, deliberately
// bad tokens signed with their real key, and the official MCP client with such a token.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { inject } from 'vitest';
import type { Env } from '../../../src/worker/index.ts';
import { MCP_URL, callWorker, mcpRequest } from './helpers.ts';

export const RESOURCE = MCP_URL;
export const providers = inject('identityProviders');
const clients = inject('identityClients');

export type AgentName = 'security-agent' | 'engineer-agent' | 'no-scope-agent';

/** Env overrides for cloud mode trusting one provider; override anything per test. */
export function cloudEnv(issuer = providers.stable, overrides: Partial<Env> = {}): Partial<Env> {
  return {
    PRAXIS_AUTH_MODE: 'cloud',
    PRAXIS_AUTH_ISSUERS: issuer,
    PRAXIS_AUTH_RESOURCE: RESOURCE,
    PRAXIS_AUTH_REQUIRED_SCOPES: 'praxis:read',
    ...overrides,
  };
}

/** A real access token from the provider's token endpoint (client-credentials grant, RFC 8707 resource). */
export async function providerToken(
  agent: AgentName,
  options: { issuer?: string; resource?: string; scope?: string } = {},
): Promise<string> {
  const issuer = options.issuer ?? providers.stable;
  const client = clients.find((candidate) => candidate.clientId === agent)!;
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${client.clientId}:${client.secret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      resource: options.resource ?? RESOURCE,
      scope: options.scope ?? client.scope,
    }),
  });
  const body = (await response.json()) as { access_token?: string; error_description?: string };
  if (!body.access_token)
    throw new Error(`the test identity provider refused a token: ${body.error_description}`);
  return body.access_token;
}

/** A token signed with the provider's current private key, with whatever claims a test needs. */
export async function signedByProvider(
  payload: Record<string, unknown>,
  header: Record<string, unknown> = {},
  issuer = providers.stable,
): Promise<string> {
  const response = await fetch(`${issuer}/test/sign`, {
    method: 'POST',
    body: JSON.stringify({ payload, header }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** A token from the stable test provider for `subject`, carrying `groups`, valid five minutes. */
export function tokenWithGroups(subject: string, groups: string[]): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signedByProvider({
    iss: providers.stable,
    aud: RESOURCE,
    sub: subject,
    scope: 'praxis:read',
    iat: now,
    exp: now + 300,
    groups,
  });
}

export async function providerControl<T>(
  issuer: string,
  path: 'stats' | 'rotate' | 'public-jwk',
): Promise<T> {
  const response = await fetch(`${issuer}/test/${path}`, {
    method: path === 'rotate' ? 'POST' : 'GET',
  });
  return response.json() as Promise<T>;
}

export async function mcpPost(
  body: unknown,
  bearer: string | null,
  env: Partial<Env>,
): Promise<Response> {
  return callWorker(mcpRequest(body, { bearer }), env);
}

export const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
export const callTool = (name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** The official MCP client, with a provider token, talking to the Worker in cloud mode in-process. */
export async function connectWithToken(
  bearer: string,
  env: Partial<Env>,
  era: 'modern' | 'legacy' = 'modern',
): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    requestInit: { headers: { authorization: `Bearer ${bearer}` } },
    fetch: (input, init) => callWorker(new Request(input as RequestInfo, init), env),
  });
  const client = new Client(
    { name: 'praxis-sso-test', version: '1.0.0' },
    { versionNegotiation: { mode: era === 'modern' ? 'auto' : 'legacy' } },
  );
  await client.connect(transport);
  return client;
}

/** The parameters of a WWW-Authenticate: Bearer challenge, as a record. */
export function challengeParams(response: Response): Record<string, string> {
  const header = response.headers.get('www-authenticate') ?? '';
  expectBearer(header);
  return Object.fromEntries(
    [...header.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((match) => [
      match[1]!,
      match[2]!.replace(/\\(.)/g, '$1'),
    ]),
  );
}

function expectBearer(header: string): void {
  if (!header.startsWith('Bearer '))
    throw new Error(`expected a Bearer challenge, got ${JSON.stringify(header)}`);
}
