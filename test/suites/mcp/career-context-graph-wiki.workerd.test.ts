// The VitaeContext contract through the official MCP client (and raw JSON-RPC for the wire shape of errors), in
// workerd against real local KV: resources, resource templates, tools, and the -32002 contract.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  connectClient,
  publishFixture,
  publishProvided,
  rpc,
  rpcMessage,
} from '../../helpers/workerd/helpers.ts';

const SPEC_INPUTS = {
  get_career_context: {
    type: 'object',
    properties: {
      for: {
        type: 'string',
        enum: ['cv', 'github', 'linkedin', 'portfolio', 'x', 'general'],
        default: 'general',
      },
    },
    additionalProperties: false,
  },
  search_vitaegraph: {
    type: 'object',
    properties: { query: { type: 'string' }, type: { type: 'string' }, tag: { type: 'string' } },
    additionalProperties: false,
  },
  validate_career_context: { type: 'object', properties: {}, additionalProperties: false },
};

async function allResources(client: Client) {
  const resources = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.listResources(cursor ? { cursor } : {});
    resources.push(...page.resources);
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  return { resources, pages };
}

async function rawRead(uri: string) {
  await rpc({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    },
  });
  return rpcMessage(
    await rpc(
      { jsonrpc: '2.0', id: 7, method: 'resources/read', params: { uri } },
      { headers: { 'mcp-protocol-version': '2025-06-18' } },
    ),
  );
}

describe.each(['modern', 'legacy'] as const)(
  'the VitaeContext contract over the %s protocol',
  (era) => {
    let client: Client;
    beforeAll(async () => {
      await publishFixture();
      client = await connectClient(era);
    });
    afterAll(() => client?.close());

    it('declares resources, tools and prompts with listChanged false', () => {
      const capabilities = client.getServerCapabilities()!;
      expect(capabilities.resources?.listChanged).toBe(false);
      expect(capabilities.tools?.listChanged).toBe(false);
      expect(capabilities.prompts?.listChanged).toBe(false);
      expect(capabilities.completions).toBeDefined();
    });

    it("advertises the three tools with the contract's input schemas word for word", async () => {
      const { tools } = await client.listTools();
      for (const [name, schema] of Object.entries(SPEC_INPUTS)) {
        const tool = tools.find((candidate) => candidate.name === name)!;
        const { $schema: _ignored, ...input } = tool.inputSchema as Record<string, unknown>;
        expect(input).toEqual(schema);
        expect(tool.outputSchema).toMatchObject({ type: 'object' });
      }
    });

    it('lists every visible resource, each with uri, name and mimeType, hiding restricted ones', async () => {
      const { resources } = await allResources(client);
      const uris = resources.map((resource) => resource.uri);
      expect(uris.slice(0, 2)).toEqual(['career-context://current', 'vitaegraph://index']);
      expect(uris).toContain('vitaecontext://wiki/vitaegraph');
      expect(uris).toContain('vitaegraph://record/skill-typescript');
      expect(uris.filter((uri) => uri.startsWith('vitaegraph://record/'))).toHaveLength(12);
      expect(uris.join(' ')).not.toMatch(/vendor-migration|roadmap/);
      for (const resource of resources)
        expect(resource).toMatchObject({
          uri: expect.any(String),
          name: expect.any(String),
          mimeType: expect.stringMatching(/^(text\/markdown|application\/json)$/),
        });
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((template) => template.uriTemplate).sort()).toEqual([
        'vitaecontext://wiki/{module}',
        'vitaegraph://record/{id}',
      ]);
    });

    it("reads the context, the index, a record and a wiki module with the contract's MIME types", async () => {
      const context = (await client.readResource({ uri: 'career-context://current' }))
        .contents[0] as { mimeType: string; text: string };
      expect(context.mimeType).toBe('text/markdown');
      expect(context.text).toContain('## Experience');
      const indexContent = (await client.readResource({ uri: 'vitaegraph://index' }))
        .contents[0] as { mimeType: string; text: string };
      expect(indexContent.mimeType).toBe('application/json');
      const index = JSON.parse(indexContent.text) as {
        nodes: Array<{ id: string }>;
        edges: Array<{ from: string; to: string; type: string }>;
        backlinks: Record<string, string[]>;
      };
      expect(index.nodes.map((node) => node.id)).toEqual(
        [...index.nodes.map((node) => node.id)].sort(),
      );
      expect(index.nodes.some((node) => node.id === 'project-vendor-migration')).toBe(false);
      expect(index.edges).toContainEqual({
        from: 'skill-typescript',
        to: 'project-praxis-edge',
        type: 'used-in',
      });
      expect(index.edges).toContainEqual({
        from: 'skill-typescript',
        to: 'project-praxis-edge',
        type: 'mentions',
      });
      expect(index.backlinks['project-praxis-edge']).toContain('project-praxis-shim');
      expect(JSON.stringify(index.backlinks)).not.toContain('vendor');
      const record = (
        await client.readResource({ uri: 'vitaegraph://record/decision-stateless-mcp' })
      ).contents[0] as { mimeType: string; text: string };
      expect(record).toMatchObject({
        mimeType: 'text/markdown',
        uri: 'vitaegraph://record/decision-stateless-mcp',
      });
      expect(record.text).toMatch(/^---\nid: decision-stateless-mcp\n/);
      const wiki = (await client.readResource({ uri: 'vitaecontext://wiki/build' }))
        .contents[0] as { text: string };
      expect(wiki.text).toMatch(/^# build/);
    });

    it.each([
      'vitaegraph://record/nope',
      'vitaegraph://record/../context/career-context',
      'vitaegraph://record/%2e%2e%2fwiki%2fbuild',
      'vitaegraph://record/project-vendor-migration',
      'vitaecontext://wiki/roadmap',
      'vitaecontext://wiki/..%2Fgraph',
      'vitaegraph://other',
      'file:///etc/passwd',
    ])('answers resource-not-found with the URI in error.data for %s', async (uri) => {
      // A 2025-era request gets the VitaeContext contract's -32002 (restored in src/worker/http/resource-not-found-code.ts);
      // the 2026-07-28 revision requires -32602, which the SDK emits. Both carry the URI in error.data.
      const message = await rawRead(uri);
      expect(message.error).toMatchObject({ code: -32002, data: { uri } });
      expect(message.error.message).toContain(uri);
      // The official client folds a received -32002 into its ResourceNotFoundError (-32602) either way.
      await expect(client.readResource({ uri })).rejects.toMatchObject({
        code: -32602,
        data: { uri },
      });
    });

    it('refuses a tampered or stale resources/list cursor with -32602', async () => {
      await expect(client.listResources({ cursor: 'not-a-cursor' })).rejects.toMatchObject({
        code: -32602,
      });
      await expect(
        client.listResources({ cursor: btoa(JSON.stringify({ v: 'old', o: 0 })) }),
      ).rejects.toMatchObject({ code: -32602 });
    });

    it('refuses made-up resources/list cursors of every JSON shape with -32602, never -32603', async () => {
      const version = inject('fixtureBundle').pointer.version;
      const forged = [
        'bnVsbA',
        ...[
          'null',
          '0',
          '"x"',
          '[]',
          '{}',
          'true',
          '{"__proto__":{"o":1}}',
          JSON.stringify({ v: version, o: 1 }),
          JSON.stringify({ v: version, o: 50 }),
        ].map((json) => btoa(json)),
      ];
      for (const cursor of forged) {
        await expect(client.listResources({ cursor }), cursor).rejects.toMatchObject({
          code: -32602,
          message: expect.stringMatching(/cursor/i),
        });
      }
    });

    it('get_career_context returns the document whole with channel guidance', async () => {
      const general = (await client.callTool({ name: 'get_career_context', arguments: {} }))
        .structuredContent as Record<string, unknown>;
      expect(general).toMatchObject({
        for: 'general',
        available: true,
        uri: 'career-context://current',
      });
      const cv = (await client.callTool({ name: 'get_career_context', arguments: { for: 'cv' } }))
        .structuredContent as {
        content: string;
        emphasis: string[];
        guidance: string[];
        sections: string[];
      };
      expect(cv.content).toBe(general.content);
      expect(cv.emphasis).toEqual(['Summary', 'Experience', 'Skills', 'Projects', 'Education']);
      expect(cv.guidance.join(' ')).toMatch(/applicant tracking/);
      const github = (
        await client.callTool({ name: 'get_career_context', arguments: { for: 'github' } })
      ).structuredContent as { emphasis: string[] };
      expect(github.emphasis[0]).toBe('Projects');
      const bad = await client.callTool({
        name: 'get_career_context',
        arguments: { for: 'myspace' },
      });
      expect(bad.isError).toBe(true);
    });

    it('validate_career_context reports the fixture context valid, with what it checked', async () => {
      const report = (await client.callTool({ name: 'validate_career_context', arguments: {} }))
        .structuredContent as {
        valid: boolean;
        errors: unknown[];
        checked: { references: number; dates: number };
      };
      expect(report.errors).toEqual([]);
      expect(report.valid).toBe(true);
      expect(report.checked.references).toBeGreaterThanOrEqual(7);
      expect(report.checked.dates).toBe(3);
    });

    it('search_vitaegraph filters by type and tag, ranks by query, and links each record', async () => {
      const skills = await client.callTool({
        name: 'search_vitaegraph',
        arguments: { type: 'skill' },
      });
      const body = skills.structuredContent as {
        results: Array<{ id: string }>;
        total_records: number;
      };
      expect(body.results.map((result) => result.id)).toEqual([
        'skill-cloudflare-workers',
        'skill-git',
        'skill-mcp',
        'skill-typescript',
      ]);
      expect(body.total_records).toBe(12);
      const links = (skills.content as Array<{ type: string; uri?: string }>).filter(
        (item) => item.type === 'resource_link',
      );
      expect(links.map((item) => item.uri)).toEqual(
        body.results.map((result) => `vitaegraph://record/${result.id}`),
      );
      const ranked = (
        await client.callTool({
          name: 'search_vitaegraph',
          arguments: { query: 'content-addressed bundle' },
        })
      ).structuredContent as { results: Array<{ id: string; relevance_score: number }> };
      expect(ranked.results[0]!.id).toBe('decision-content-addressed-bundle');
      const tagged = (
        await client.callTool({ name: 'search_vitaegraph', arguments: { tag: 'confidential' } })
      ).structuredContent as { count: number };
      expect(tagged.count).toBe(0);
    });

    it('graph_neighbors walks typed edges and backlinks, depth-limited', async () => {
      const out = (
        await client.callTool({
          name: 'graph_neighbors',
          arguments: { id: 'project-praxis-shim', direction: 'out' },
        })
      ).structuredContent as { nodes: Array<{ id: string; distance: number }> };
      expect(out.nodes.map((node) => node.id)).toEqual([
        'decision-human-in-the-loop-merge',
        'project-praxis-edge',
        'role-platform-engineer',
      ]);
      const deep = (
        await client.callTool({ name: 'graph_neighbors', arguments: { id: 'skill-git', depth: 2 } })
      ).structuredContent as { nodes: Array<{ id: string; distance: number }> };
      expect(deep.nodes.find((node) => node.id === 'project-praxis-edge')?.distance).toBe(2);
      expect(deep.nodes.some((node) => node.id === 'project-vendor-migration')).toBe(false);
      const missing = await client.callTool({
        name: 'graph_neighbors',
        arguments: { id: 'project-vendor-migration' },
      });
      expect(missing.isError).toBe(true);
    });
  },
);

describe('the shipped content', () => {
  let client: Client;
  beforeAll(async () => {
    await publishProvided('shippedBundle');
    client = await connectClient('modern');
  });
  afterAll(async () => {
    await client?.close();
    await publishFixture();
  });

  it('serves a notice, never demo data, when no career context is published', async () => {
    const text = (
      (await client.readResource({ uri: 'career-context://current' })).contents[0] as {
        text: string;
      }
    ).text;
    expect(text).toMatch(/^# No career context is published/);
    expect(text).toContain('content/context/');
    const context = (
      await client.callTool({ name: 'get_career_context', arguments: { for: 'linkedin' } })
    ).structuredContent as { available: boolean; content: string };
    expect(context).toMatchObject({ available: false, content: text });
    const report = (await client.callTool({ name: 'validate_career_context', arguments: {} }))
      .structuredContent as { valid: boolean; errors: Array<{ code: string }> };
    expect(report).toMatchObject({ valid: false, errors: [{ code: 'NO_CONTEXT' }] });
  });

  it('ships at least ten linked records of several types and the three wiki modules the contract names', async () => {
    const { resources } = await allResources(client);
    const records = resources.filter((resource) => resource.uri.startsWith('vitaegraph://record/'));
    expect(records.length).toBeGreaterThanOrEqual(10);
    expect(
      resources
        .filter((resource) => resource.uri.startsWith('vitaecontext://wiki/'))
        .map((resource) => resource.uri)
        .sort(),
    ).toEqual([
      'vitaecontext://wiki/build',
      'vitaecontext://wiki/vitaecontext',
      'vitaecontext://wiki/vitaegraph',
    ]);
    const index = JSON.parse(
      ((await client.readResource({ uri: 'vitaegraph://index' })).contents[0] as { text: string })
        .text,
    ) as { types: Record<string, number> };
    expect(Object.keys(index.types).sort()).toEqual(['decision', 'project', 'role', 'skill']);
  });
});
