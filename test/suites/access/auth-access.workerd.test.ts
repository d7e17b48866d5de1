// Authorization beyond authentication: a document with `access: [security-team]` exists only for
// principals whose token carries that group (from the configured claim). For everyone else every
// surface the server exposes — tools (list/get/search), resources, resource templates,
// completions — shows no trace of it: no name, no title, no text, no count that includes it.
import type { Client } from '@modelcontextprotocol/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../../../src/worker/index.ts';
import {
  RESOURCE,
  cloudEnv,
  connectWithToken,
  providerToken,
  providers,
  signedByProvider,
} from '../../helpers/workerd/auth-helpers.ts';
import { publishFixture } from '../../helpers/workerd/helpers.ts';

const TRACES = [
  'security-incident-playbook',
  'Security Incident Playbook',
  'suspected breach',
  'Isolate the affected hosts',
  'restricted.md',
];
const SEARCH = 'security incident breach isolate hosts';
/** Asking for the document by name: spelt so that the server's echo of the request is not a trace. */
const PROBE_NAME = 'SECURITY_INCIDENT_PLAYBOOK';

let open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.map((client) => client.close()));
  open = [];
});

async function connect(bearer: string, env: Partial<Env> = cloudEnv()): Promise<Client> {
  const client = await connectWithToken(bearer, env);
  open.push(client);
  return client;
}

/** Everything the server will say to this client, as text, from every surface it advertises. */
async function everythingVisible(client: Client): Promise<string> {
  const seen: unknown[] = [];
  const { tools } = await client.listTools();
  for (const tool of tools) {
    const properties = Object.keys((tool.inputSchema as { properties?: object }).properties ?? {});
    const args = properties.includes('query')
      ? { query: SEARCH }
      : properties.includes('name')
        ? { name: PROBE_NAME }
        : properties.length === 0
          ? {}
          : undefined;
    if (args) seen.push(await client.callTool({ name: tool.name, arguments: args }));
  }
  const capabilities = client.getServerCapabilities() ?? {};
  if (capabilities.resources) {
    const { resources } = await client.listResources();
    seen.push(resources);
    for (const resource of resources) seen.push(await client.readResource({ uri: resource.uri }));
    const { resourceTemplates } = await client.listResourceTemplates();
    seen.push(resourceTemplates);
    if (capabilities.completions) {
      for (const template of resourceTemplates) {
        for (const variable of template.uriTemplate.match(/\{([^}]+)\}/g) ?? []) {
          for (const value of ['', 's', 'sec']) {
            seen.push(
              await client
                .complete({
                  ref: { type: 'ref/resource', uri: template.uriTemplate },
                  argument: { name: variable.slice(1, -1).replace(/^[+#]/, ''), value },
                })
                .catch((error: Error) => error.message),
            );
          }
        }
      }
    }
  }
  return JSON.stringify(seen);
}

describe('documents restricted to a group', () => {
  beforeAll(publishFixture);

  it('are served in full to a principal whose token carries the group', async () => {
    const client = await connect(await providerToken('security-agent'));
    const get = await client.callTool({ name: 'get_process', arguments: { name: PROBE_NAME } });
    expect(get.isError).toBeFalsy();
    expect((get.structuredContent as { content: string }).content).toContain(
      'Isolate the affected hosts',
    );
    const list = (await client.callTool({ name: 'list_processes', arguments: {} }))
      .structuredContent as { count: number; processes: Array<{ name: string }> };
    expect(list.processes.map((item) => item.name)).toContain('security-incident-playbook');
    const search = (
      await client.callTool({ name: 'search_processes', arguments: { query: SEARCH } })
    ).structuredContent as { results: Array<{ name: string }>; total_processes: number };
    expect(search.results[0]!.name).toBe('security-incident-playbook');
    expect(search.total_processes).toBe(list.count);
    const everything = await everythingVisible(client);
    for (const trace of TRACES.slice(0, 4)) expect(everything).toContain(trace);
  });

  it('leave no trace on any surface for a principal without the group, counts included', async () => {
    const holder = (
      await (
        await connect(await providerToken('security-agent'))
      ).callTool({ name: 'list_processes', arguments: {} })
    ).structuredContent as { count: number };
    const client = await connect(await providerToken('engineer-agent'));
    const get = await client.callTool({ name: 'get_process', arguments: { name: PROBE_NAME } });
    expect((get.structuredContent as { error: string }).error).toBe('PROCESS_NOT_FOUND');
    const list = (await client.callTool({ name: 'list_processes', arguments: {} }))
      .structuredContent as { count: number };
    expect(list.count).toBe(holder.count - 1);
    const search = (
      await client.callTool({ name: 'search_processes', arguments: { query: SEARCH } })
    ).structuredContent as { total_processes: number };
    expect(search.total_processes).toBe(holder.count - 1);
    const everything = await everythingVisible(client);
    for (const trace of TRACES) expect(everything).not.toContain(trace);
  });

  it.each<[string, string, Record<string, unknown>]>([
    ['roles (Entra app roles)', 'roles', { roles: ['security-team'] }],
    [
      'a dotted path (Keycloak realm_access.roles)',
      'realm_access.roles',
      { realm_access: { roles: ['security-team'] } },
    ],
    [
      'a namespaced claim (Auth0)',
      'https://praxis.example.com/groups',
      { 'https://praxis.example.com/groups': ['security-team'] },
    ],
    ['a space-separated string', 'groups', { groups: 'engineering security-team' }],
  ])('takes groups from the configured claim: %s', async (_, claim, groups) => {
    const now = Math.floor(Date.now() / 1000);
    const bearer = await signedByProvider({
      iss: providers.stable,
      aud: RESOURCE,
      sub: 'claims-test',
      scope: 'praxis:read',
      iat: now,
      exp: now + 300,
      ...groups,
    });
    const env = cloudEnv(providers.stable, { PRAXIS_AUTH_GROUPS_CLAIM: claim });
    const granted = await (
      await connect(bearer, env)
    ).callTool({ name: 'get_process', arguments: { name: 'security-incident-playbook' } });
    expect(granted.isError).toBeFalsy();
    // The same token read with another claim name holds no group, so the document disappears.
    const other = cloudEnv(providers.stable, {
      PRAXIS_AUTH_GROUPS_CLAIM: claim === 'groups' ? 'roles' : 'groups',
    });
    const denied = await (
      await connect(bearer, other)
    ).callTool({ name: 'get_process', arguments: { name: 'security-incident-playbook' } });
    expect((denied.structuredContent as { error: string }).error).toBe('PROCESS_NOT_FOUND');
  });
});
