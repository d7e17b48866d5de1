// `access:` on records, wiki modules and prompts: visible in full to a principal with the group,
// and absent from every surface — lists, reads, search, index, completions, prompts — otherwise.
import type { Client } from '@modelcontextprotocol/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cloudEnv, connectWithToken, tokenWithGroups } from '../../helpers/workerd/auth-helpers.ts';
import { publishFixture } from '../../helpers/workerd/helpers.ts';

const TRACES = [
  'project-vendor-migration',
  'Vendor migration',
  'second provider',
  'leadership_brief',
  'roadmap',
  'Second provider',
];

let open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.map((client) => client.close()));
  open = [];
});

async function connectAs(groups: string[]): Promise<Client> {
  const bearer = await tokenWithGroups(`knowledge-${groups.join('-') || 'none'}`, groups);
  const client = await connectWithToken(bearer, cloudEnv());
  open.push(client);
  return client;
}

async function everything(client: Client): Promise<string> {
  const seen: unknown[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listResources(cursor ? { cursor } : {});
    seen.push(page.resources);
    for (const resource of page.resources)
      seen.push(await client.readResource({ uri: resource.uri }));
    cursor = page.nextCursor;
  } while (cursor);
  seen.push(await client.listPrompts());
  seen.push(
    await client.callTool({
      name: 'search_vitaegraph',
      arguments: { query: 'vendor migration provider' },
    }),
  );
  seen.push(await client.callTool({ name: 'search_vitaegraph', arguments: {} }));
  seen.push(
    await client.callTool({
      name: 'graph_neighbors',
      arguments: { id: 'role-platform-engineer', direction: 'in', depth: 3 },
    }),
  );
  for (const value of ['', 'p', 'r']) {
    seen.push(
      await client.complete({
        ref: { type: 'ref/resource', uri: 'vitaegraph://record/{id}' },
        argument: { name: 'id', value },
      }),
    );
    seen.push(
      await client.complete({
        ref: { type: 'ref/resource', uri: 'vitaecontext://wiki/{module}' },
        argument: { name: 'module', value },
      }),
    );
  }
  return JSON.stringify(seen);
}

describe('knowledge restricted to a group', () => {
  beforeAll(publishFixture);

  it('is served to a principal whose token carries the group', async () => {
    const client = await connectAs(['leadership']);
    const seen = await everything(client);
    for (const trace of TRACES) expect(seen).toContain(trace);
    const { messages } = await client.getPrompt({
      name: 'leadership_brief',
      arguments: { audience: 'board' },
    });
    expect(messages[1]!.content).toMatchObject({
      type: 'resource',
      resource: { uri: 'vitaegraph://record/project-vendor-migration' },
    });
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'leadership_brief' },
      argument: { name: 'audience', value: 'b' },
    });
    expect(completion.completion.values).toEqual(['board']);
  });

  it('leaves no trace for a principal without it', async () => {
    const client = await connectAs(['engineering']);
    const seen = await everything(client);
    for (const trace of TRACES) expect(seen).not.toContain(trace);
    await expect(
      client.getPrompt({ name: 'leadership_brief', arguments: { audience: 'board' } }),
    ).rejects.toMatchObject({ code: -32602 });
    await expect(
      client.readResource({ uri: 'vitaegraph://record/project-vendor-migration' }),
    ).rejects.toMatchObject({ data: { uri: 'vitaegraph://record/project-vendor-migration' } });
  });

  // The cache key must keep group sets apart however groups are spelled: one group whose name
  // holds a newline is not the two groups on either side of it.
  it('does not give a group named "engineering\\nleadership" the view of both groups', async () => {
    const both = await connectAs(['engineering', 'leadership']);
    for (const trace of TRACES) expect(await everything(both)).toContain(trace);
    const oddlyNamed = await connectAs(['engineering\nleadership']);
    const seen = await everything(oddlyNamed);
    for (const trace of TRACES) expect(seen).not.toContain(trace);
  });

  // Views (and the tool schemas derived from them) are cached per bundle and group set: two
  // principals interleaving on one isolate must still each get exactly their own.
  it('keeps interleaved principals apart on one isolate', async () => {
    const leader = await connectAs(['leadership']);
    const engineer = await connectAs(['engineering']);
    const both = await connectAs(['engineering', 'leadership']);
    const bothReordered = await connectAs(['leadership', 'engineering']);
    for (let round = 0; round < 3; round++) {
      const [leaderSeen, engineerSeen, bothSeen, reorderedSeen] = await Promise.all(
        [leader, engineer, both, bothReordered].map(everything),
      );
      for (const trace of TRACES) {
        expect(leaderSeen).toContain(trace);
        expect(engineerSeen).not.toContain(trace);
        expect(bothSeen).toContain(trace);
        expect(reorderedSeen).toContain(trace);
      }
    }
  });
});
