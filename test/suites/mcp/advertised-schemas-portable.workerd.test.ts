// Every schema the Worker advertises, as a real MCP client lists it from the Worker in workerd,
// must be portable: strict clients (OpenAI structured outputs, Gemini's OpenAPI subset) reject a
// `type` that is an array, so none may appear anywhere in tools/list, prompts/list or the resource
// template listing; and each tool's input and output schema must be a valid JSON Schema by the
// 2020-12 meta-schema (the dialect MCP assumes when a schema names none), checked by ajv.
import type { Client } from '@modelcontextprotocol/client';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLocalToken } from '../../../src/shared/auth/local-token.ts';
import { connectClient, publishFixture, testEnv } from '../../helpers/workerd/helpers.ts';

type Listing = Record<string, unknown>;

/** JSON Pointer-ish paths of every `type` keyword whose value is an array. */
function typeArraysIn(value: unknown, path = ''): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => typeArraysIn(item, `${path}/${index}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(key === 'type' && Array.isArray(inner) ? [`${path}/type`] : []),
    ...typeArraysIn(inner, `${path}/${key}`),
  ]);
}

let client: Client;
let listings: { tools: Listing[]; prompts: Listing[]; resourceTemplates: Listing[] };

beforeAll(async () => {
  await publishFixture();
  // As an author, so the authors' insights_report tool is listed and checked too.
  client = await connectClient(
    'modern',
    await issueLocalToken(testEnv.PRAXIS_LOCAL_SECRET!, 'an-author', ['praxis-authors']),
  );
  listings = {
    tools: (await client.listTools()).tools,
    prompts: (await client.listPrompts()).prompts,
    resourceTemplates: (await client.listResourceTemplates()).resourceTemplates,
  };
});

afterAll(async () => {
  await client?.close();
});

describe('advertised schemas are portable', () => {
  it('lists every tool with an input schema, and most with an output schema', () => {
    expect(listings.tools.length).toBeGreaterThanOrEqual(16);
    expect(listings.tools.map((tool) => tool.name)).toContain('insights_report');
    expect(listings.tools.every((tool) => tool.inputSchema)).toBe(true);
    expect(listings.tools.filter((tool) => tool.outputSchema).length).toBeGreaterThanOrEqual(11);
    expect(listings.prompts.length).toBeGreaterThan(0);
  });

  it('has no type arrays anywhere in tools/list, prompts/list or the resource templates', () => {
    const found = Object.entries(listings).flatMap(([list, entries]) =>
      entries.flatMap((entry) =>
        typeArraysIn(entry).map((path) => `${list} ${String(entry.name)}: ${path}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it("keeps the provenance `commit` field's values: a string or null, as anyOf", () => {
    const outputs = listings.tools
      .filter((tool) => tool.outputSchema)
      .map((tool) => JSON.stringify(tool.outputSchema));
    const commits = outputs.filter((text) => text.includes('"commit"'));
    expect(commits.length).toBeGreaterThanOrEqual(11);
    for (const text of commits)
      expect(text).toMatch(/"commit":\{[^}]*"anyOf":\[\{"type":"string"\},\{"type":"null"\}\]/);
  });

  it('validates every input and output schema against the JSON Schema 2020-12 meta-schema', () => {
    const ajv = new Ajv2020({ strict: false });
    const invalid: string[] = [];
    let checked = 0;
    for (const tool of listings.tools) {
      for (const key of ['inputSchema', 'outputSchema'] as const) {
        const schema = tool[key];
        if (schema === undefined) continue;
        checked += 1;
        if (!ajv.validateSchema(schema as object))
          invalid.push(`${String(tool.name)} ${key}: ${ajv.errorsText(ajv.errors)}`);
      }
    }
    expect(invalid).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(26);
  });

  it('would catch a type array or a schema the meta-schema refuses (the checks are not vacuous)', () => {
    expect(typeArraysIn({ properties: { commit: { type: ['string', 'null'] } } })).toEqual([
      '/properties/commit/type',
    ]);
    const ajv = new Ajv2020({ strict: false });
    expect(ajv.validateSchema({ type: 'object', properties: { a: { type: 'text' } } })).toBe(false);
    expect(ajv.validateSchema({ type: 'object', required: 'a' })).toBe(false);
  });
});
