// The six document tools through the official MCP client, in workerd, against real local KV,
// with every result validated against the process-query contract's JSON Schemas.
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { connectClient, publishFixture } from '../../helpers/workerd/helpers.ts';

const spec = inject('processToolSchemas');
const specTool = (name: string) => spec.tools.find((tool) => tool.name === name)!;
const validator = new CfWorkerJsonSchemaValidator();
const conforms = (schema: object, value: unknown) => validator.getValidator(schema as never)(value);

describe.each(['modern', 'legacy'] as const)('document tools over the %s protocol', (era) => {
  let client: Client;
  let version: string;
  beforeAll(async () => {
    version = await publishFixture();
    client = await connectClient(era);
  });
  afterAll(() => client?.close());

  it("lists the six tools with titles, descriptions, read-only hints and the process-query contract's input schemas", async () => {
    const { tools } = await client.listTools();
    const documentTools = [
      'get_checklist',
      'get_process',
      'list_checklists',
      'list_processes',
      'search_checklists',
      'search_processes',
    ];
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(documentTools));
    for (const tool of tools.filter((candidate) => documentTools.includes(candidate.name))) {
      expect(tool.title).toBeTruthy();
      expect(tool.description).toBeTruthy();
      expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tool.inputSchema.additionalProperties).toBe(false);
    }
    for (const name of ['get_process', 'list_processes', 'search_processes']) {
      const tool = tools.find((candidate) => candidate.name === name)!;
      const { $schema, ...input } = tool.inputSchema as Record<string, unknown>;
      if (name === 'search_processes') {
        // The process-query contract's schema, unchanged, plus the optional paging inputs (limit, cursor).
        const spec = specTool(name).inputSchema as {
          properties: Record<string, unknown>;
          required: string[];
        };
        const { limit, cursor, ...specProperties } = input.properties as Record<string, unknown>;
        expect({ ...input, properties: specProperties }).toEqual(spec);
        expect(limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 50 });
        expect(cursor).toMatchObject({ type: 'string' });
      } else {
        expect(input).toEqual(specTool(name).inputSchema);
      }
      expect(tool.description).toBe(specTool(name).description);
      expect(tool.outputSchema).toMatchObject({
        [name === 'get_process' ? 'oneOf' : 'type']: expect.anything(),
      });
    }
  });

  it('get_process finds a document case-insensitively and returns spec-shaped content with provenance', async () => {
    const result = await client.callTool({
      name: 'get_process',
      arguments: { name: 'Code Review' },
    });
    const body = result.structuredContent as Record<string, unknown>;
    expect(conforms(specTool('get_process').outputSchema, body).valid).toBe(true);
    expect(body).toMatchObject({
      name: 'code-review',
      description: 'How changes are reviewed before they merge.',
      path: 'processes/code-review.md',
      version,
    });
    expect(body.content).toContain('one approving review');
    expect(body.content).not.toContain('tags:');
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]!.text)).toEqual(body);
  });

  it('get_process answers PROCESS_NOT_FOUND with the available names, hiding restricted documents', async () => {
    const result = await client.callTool({
      name: 'get_process',
      arguments: { name: 'security-incident-playbook' },
    });
    const body = result.structuredContent as {
      error: string;
      message: string;
      available: string[];
    };
    expect(result.isError).toBe(true);
    expect(conforms(specTool('get_process').outputSchema, body).valid).toBe(true);
    expect(body.error).toBe('PROCESS_NOT_FOUND');
    expect(body.message).toContain("'security-incident-playbook' not found");
    expect(body.available).toEqual([
      'code-review',
      'code-reviews',
      'code-reviews-recipes-python',
      'deployment',
      'incident-response',
      'readme',
    ]);
  });

  it('list_processes returns names and descriptions without content', async () => {
    const result = await client.callTool({ name: 'list_processes', arguments: {} });
    const body = result.structuredContent as {
      processes: Array<Record<string, unknown>>;
      count: number;
    };
    expect(conforms(specTool('list_processes').outputSchema, body).valid).toBe(true);
    expect(body.count).toBe(6);
    expect(body.processes.find((item) => item.name === 'deployment')).toEqual({
      name: 'deployment',
      title: 'Deployment Process',
      path: 'processes/deployment.md',
      description: 'Shipping a merged change to production with a canary and automatic rollback.',
    });
    expect(body.processes.find((item) => item.name === 'incident-response')?.description).toContain(
      'declare an incident',
    );
    expect(body.processes.every((item) => !('content' in item))).toBe(true);
  });

  it('search_processes ranks title matches above body mentions, with scores in [0,1] and snippets', async () => {
    const result = await client.callTool({
      name: 'search_processes',
      arguments: { query: 'code review' },
    });
    const body = result.structuredContent as {
      results: Array<{ name: string; relevance_score: number; snippet: string }>;
      count: number;
      total_processes: number;
      query: string;
    };
    expect(conforms(specTool('search_processes').outputSchema, body).valid).toBe(true);
    expect(body.query).toBe('code review');
    expect(body.total_processes).toBe(6);
    expect(body.results[0]!.name).toBe('code-review');
    const names = body.results.map((item) => item.name);
    expect(names.indexOf('code-review')).toBeLessThan(names.indexOf('incident-response'));
    expect(
      body.results.every(
        (item, i, all) =>
          item.relevance_score > 0 &&
          item.relevance_score <= 1 &&
          (i === 0 || all[i - 1]!.relevance_score >= item.relevance_score),
      ),
    ).toBe(true);
    expect(
      body.results.find((item) => item.name === 'incident-response')!.snippet.toLowerCase(),
    ).toContain('code review');
  });

  it('search_processes says so when nothing matches', async () => {
    const result = await client.callTool({
      name: 'search_processes',
      arguments: { query: 'kubernetes helm' },
    });
    const body = result.structuredContent as { results: unknown[]; count: number; message: string };
    expect(body).toMatchObject({ results: [], count: 0 });
    expect(body.message).toContain("No processes matched 'kubernetes helm'");
  });

  it('serves checklists with the parallel tools and CHECKLIST_NOT_FOUND', async () => {
    const list = (await client.callTool({ name: 'list_checklists', arguments: {} }))
      .structuredContent as { checklists: Array<{ name: string }>; count: number };
    expect(list.checklists.map((item) => item.name)).toEqual(['code-review', 'release']);
    const found = (await client.callTool({ name: 'get_checklist', arguments: { name: 'RELEASE' } }))
      .structuredContent as { content: string };
    expect(found.content).toContain('- [ ] Rollback plan written');
    const missing = await client.callTool({ name: 'get_checklist', arguments: { name: 'deploy' } });
    expect(missing.structuredContent).toMatchObject({
      error: 'CHECKLIST_NOT_FOUND',
      available: ['code-review', 'release'],
    });
    const search = (
      await client.callTool({ name: 'search_checklists', arguments: { query: 'rollback' } })
    ).structuredContent as { results: Array<{ name: string }>; total_checklists: number };
    expect(search.results.map((item) => item.name)).toEqual(['release']);
    expect(search.total_checklists).toBe(2);
  });
});
