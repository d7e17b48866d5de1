// The POWER template contract through the official MCP client in workerd: every text output is checked against the contract's
// own regex patterns, and the enumerations come from the published bundle.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, publishFixture } from '../../helpers/workerd/helpers.ts';

// The contract's output schemas, pattern for pattern.
const LIST_TEMPLATES =
  /^Available POWER Framework Templates:\n\n(\d+\. \w+\n)+\nTotal: \d+ templates$/;
const GET_TEMPLATE = /^=== [A-Z]+ Template ===\n\nframework: POWER\n/;
const GET_TEMPLATE_ERROR = /^(Template '[^']+' not found|Error reading template:)/;
const LIST_FRAMEWORKS =
  /^Available Framework Documentation:\n\n(\d+\. [^\n]+ \([\d,]+ bytes\)\n)+\nTotal: \d+ framework docs$/;
const SPEC_GET_TEMPLATE_INPUT = {
  type: 'object',
  properties: {
    template_name: {
      type: 'string',
      description: 'Name of template: readme, architecture, api, components, or schema',
      enum: ['readme', 'architecture', 'api', 'components', 'schema'],
    },
  },
  required: ['template_name'],
  additionalProperties: false,
};
const EMPTY_INPUT = { type: 'object', properties: {}, additionalProperties: false };

type TextResult = { content: Array<{ type: string; text: string }>; isError?: boolean };
const only = (result: unknown): string => {
  const { content } = result as TextResult;
  expect(content).toHaveLength(1);
  expect(content[0]!.type).toBe('text');
  expect(content[0]!.text.length).toBeGreaterThan(0);
  return content[0]!.text;
};

describe.each(['modern', 'legacy'] as const)(
  'the POWER template contract tools over the %s protocol',
  (era) => {
    let client: Client;
    beforeAll(async () => {
      await publishFixture();
      client = await connectClient(era);
    });
    afterAll(() => client?.close());

    it("advertises the contract's input schemas, with the template enum generated from the bundle in dependency order", async () => {
      const { tools } = await client.listTools();
      const schema = (name: string) => {
        const {
          $schema: _ignored,
          required,
          ...rest
        } = tools.find((tool) => tool.name === name)!.inputSchema as Record<string, unknown>;
        return { ...rest, ...(required && (required as unknown[]).length ? { required } : {}) };
      };
      expect(schema('get_template')).toEqual(SPEC_GET_TEMPLATE_INPUT);
      expect(schema('list_templates')).toEqual(EMPTY_INPUT);
      expect(schema('list_frameworks')).toEqual(EMPTY_INPUT);
    });

    it('list_templates: exact text, alphabetical, counted', async () => {
      const text = only(await client.callTool({ name: 'list_templates', arguments: {} }));
      expect(text).toMatch(LIST_TEMPLATES);
      expect(text).toBe(
        'Available POWER Framework Templates:\n\n1. api\n2. architecture\n3. components\n4. readme\n5. schema\n\nTotal: 5 templates',
      );
    });

    it.each(['readme', 'architecture', 'api', 'components', 'schema'])(
      "get_template %s: the contract's header then the POWER template",
      async (name) => {
        const text = only(
          await client.callTool({ name: 'get_template', arguments: { template_name: name } }),
        );
        expect(text).toMatch(GET_TEMPLATE);
        expect(
          text.startsWith(`=== ${name.toUpperCase()} Template ===\n\nframework: POWER\npurpose: `),
        ).toBe(true);
        expect(text).toMatch(/\nsave_as: [^\n]+\nstore_as: [a-z_]+\n?$/);
      },
    );

    it("get_template with an unknown or wrongly cased name answers the contract's not-found text", async () => {
      for (const name of ['invalid', 'README']) {
        const result = await client.callTool({
          name: 'get_template',
          arguments: { template_name: name },
        });
        const text = only(result);
        expect(text).toMatch(GET_TEMPLATE_ERROR);
        expect(text).toBe(
          `Template '${name}' not found. Available: readme, architecture, api, components, schema`,
        );
        expect((result as TextResult).isError).toBe(true);
      }
    });

    it('list_frameworks: code-point order, comma-grouped byte sizes, total', async () => {
      const text = only(await client.callTool({ name: 'list_frameworks', arguments: {} }));
      expect(text).toMatch(LIST_FRAMEWORKS);
      const files = [...text.matchAll(/^\d+\. (\S+) \(([\d,]+) bytes\)$/gm)].map((match) => [
        match[1],
        match[2],
      ]);
      expect(files.map(([file]) => file)).toEqual([
        'COSTAR.md',
        'CRISPE.md',
        'FiveS.md',
        'POWER.md',
      ]);
      for (const [, size] of files) expect(size).toMatch(/^\d{1,3}(,\d{3})*$/);
      expect(text.endsWith('\n\nTotal: 4 framework docs')).toBe(true);
    });

    it('get_framework returns a framework doc whose size matches list_frameworks', async () => {
      const list = only(await client.callTool({ name: 'list_frameworks', arguments: {} }));
      const size = Number(/POWER\.md \(([\d,]+) bytes\)/.exec(list)![1]!.replace(/,/g, ''));
      const text = only(
        await client.callTool({ name: 'get_framework', arguments: { name: 'power.md' } }),
      );
      const prefix = '=== POWER Framework ===\n\n';
      expect(text.startsWith(`${prefix}# POWER`)).toBe(true);
      expect(new TextEncoder().encode(text.slice(prefix.length)).byteLength).toBe(size);
      const missing = await client.callTool({ name: 'get_framework', arguments: { name: 'RACE' } });
      expect(only(missing)).toBe(
        "Framework 'RACE' not found. Available: COSTAR, CRISPE, FiveS, POWER",
      );
    });

    it('fill_template resolves {{…_summary}} cross-references from arguments and reports the rest', async () => {
      const result = await client.callTool({
        name: 'fill_template',
        arguments: {
          template_name: 'api',
          values: { readme_summary: 'Praxis serves team knowledge over MCP.' },
        },
      });
      const body = result.structuredContent as {
        content: string;
        resolved: string[];
        unresolved: string[];
        references: string[];
        save_as: string;
      };
      expect(body.resolved).toEqual(['readme_summary']);
      expect(body.unresolved).toEqual(['architecture_summary']);
      expect(body.references).toEqual(['architecture_summary', 'readme_summary']);
      expect(body.save_as).toBe('API.md');
      expect(body.content).toContain(
        'Praxis serves team knowledge over MCP. and {{architecture_summary}}',
      );
      expect(only({ content: (result as TextResult).content })).toMatch(GET_TEMPLATE);
    });
  },
);
