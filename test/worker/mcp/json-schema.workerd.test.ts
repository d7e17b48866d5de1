// Tool input schemas converted to JSON Schema once per isolate (src/worker/mcp/json-schema.ts): the
// form the SDK lists is converted when the schema is made — when the Worker starts, for the tools
// built then — so neither a new isolate's first tools/list nor any later one converts it again.
import { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { convertedOnce } from '../../../src/worker/mcp/json-schema.ts';
import { toolsListText } from '../../helpers/workerd/tools-list.ts';

type Convert = (options: { target: string }) => Record<string, unknown>;

/** A zod object schema whose JSON Schema conversions are counted. */
function countedSchema(): { schema: z.ZodObject; conversions: string[] } {
  const schema = z.object({ query: z.string().describe('What to look for') }).strict();
  const conversions: string[] = [];
  const standard = schema['~standard'] as unknown as {
    jsonSchema: { input: Convert; output: Convert };
  };
  const { input, output } = standard.jsonSchema;
  (schema as unknown as { '~standard': unknown })['~standard'] = {
    ...standard,
    jsonSchema: {
      input: (options: { target: string }) => (conversions.push(options.target), input(options)),
      output,
    },
  };
  return { schema, conversions };
}

const listTools = (inputSchema: z.ZodObject): Promise<string> =>
  toolsListText(() => {
    const server = new McpServer({ name: 'converted-once', version: '1.0.0' });
    server.registerTool('look', { description: 'Looks.', inputSchema }, () => ({ content: [] }));
    return server;
  });

describe('convertedOnce', () => {
  it('converts the input form the SDK lists when the schema is made, and never again', async () => {
    const { schema, conversions } = countedSchema();
    const converted = convertedOnce(schema);
    expect(conversions).toHaveLength(1);
    const first = await listTools(converted);
    expect(await listTools(converted)).toBe(first);
    // A second conversion here means the SDK now asks for another target than the one converted
    // at creation: a new isolate's first tools/list would pay for it again.
    expect(conversions).toHaveLength(1);
    expect(first).toContain('What to look for');
  });
});
