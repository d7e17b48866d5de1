// Output schemas are advertised as the spec's JSON Schema but checked by zod's translation of it
// (src/worker/mcp/json-schema.ts). In workerd, for every output schema the server lists, both validators
// must give the same verdict on a valid instance of each shape and on every single-field change
// of it: a wrong type, a value out of range or outside an enum, a missing field, an extra one.
import type { Client } from '@modelcontextprotocol/client';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_KINDS, documentKinds } from '../../../src/bundle/kinds.ts';
import {
  getOutputSchema,
  listOutputSchema,
  searchOutputSchema,
} from '../../../src/worker/mcp/document-schemas.ts';
import { jsonOutputSchema } from '../../../src/worker/mcp/json-schema.ts';
import { connectClient, publishFixture } from '../../helpers/workerd/helpers.ts';

type Schema = {
  type?: string | string[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  const?: unknown;
};
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** One valid instance per shape of `schema` (one per oneOf or anyOf branch), with every optional field present. */
function instancesOf(schema: Schema): Json[] {
  if (schema.oneOf) return schema.oneOf.flatMap(instancesOf);
  if (schema.anyOf) return schema.anyOf.flatMap(instancesOf);
  if (schema.const !== undefined) return [schema.const as Json];
  if (schema.enum) return [schema.enum[0] as Json];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const object: Record<string, Json> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        object[key] = instancesOf(property)[0]!;
      return [object];
    }
    case 'array':
      return [schema.items ? [instancesOf(schema.items)[0]!] : []];
    case 'string':
      return ['x'.repeat(Math.max(1, schema.minLength ?? 1))];
    case 'integer':
      return [Math.max(0, schema.minimum ?? 0)];
    case 'number':
      return [schema.minimum ?? 0.5];
    case 'boolean':
      return [true];
    case 'null':
      return [null];
    default:
      return [{}];
  }
}

const REPLACEMENTS: (Json | undefined)[] = [
  undefined,
  null,
  'text',
  '',
  0,
  -1,
  1.5,
  2,
  1e9,
  true,
  [],
  [1],
  {},
  { a: 1 },
];

/** `value` with one field (at any depth) replaced, removed, or added beside it. */
function* variantsOf(value: Json): Generator<Json> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++)
      for (const inner of variantsOf(value[i]!))
        yield value.map((item, at) => (at === i ? inner : item));
    yield [...value, ...value];
    yield [...value, 'stray'];
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const key of Object.keys(value)) {
    for (const replacement of REPLACEMENTS) {
      const copy = { ...value };
      if (replacement === undefined) delete copy[key];
      else copy[key] = replacement;
      yield copy;
    }
    for (const inner of variantsOf(value[key]!)) yield { ...value, [key]: inner };
  }
  yield { ...value, unlisted_field: 'x' };
}

let client: Client;
let schemas: { tool: string; schema: Schema }[];

beforeAll(async () => {
  await publishFixture();
  client = await connectClient();
  const { tools } = await client.listTools();
  schemas = tools
    .filter((tool) => tool.outputSchema)
    .map((tool) => ({ tool: tool.name, schema: tool.outputSchema as Schema }));
});

afterAll(async () => {
  await client?.close();
});

describe('output schemas checked by zod agree with the JSON Schema validator', () => {
  it('covers every listed tool that declares an output schema', () => {
    expect(schemas.map((entry) => entry.tool)).toEqual(
      expect.arrayContaining([
        'search_processes',
        'get_checklist',
        'list_processes',
        'search_vitaegraph',
        'fill_template',
        'get_career_context',
        'validate_career_context',
      ]),
    );
  });

  it('gives the same verdict on valid instances and on every single-field variant of them', () => {
    const reference = new CfWorkerJsonSchemaValidator();
    let compared = 0;
    let rejected = 0;
    for (const { tool, schema } of schemas) {
      const expected = reference.getValidator(schema as never);
      const actual = jsonOutputSchema(schema as never)['~standard'];
      for (const instance of instancesOf(schema)) {
        expect(expected(instance).valid, `${tool}: the generated instance itself`).toBe(true);
        for (const value of [instance, ...variantsOf(instance)]) {
          const verdict = expected(value).valid;
          const result = actual.validate(value) as { issues?: unknown };
          expect(
            result.issues === undefined,
            `${tool}: ${JSON.stringify(value).slice(0, 300)}`,
          ).toBe(verdict);
          compared += 1;
          if (!verdict) rejected += 1;
        }
      }
    }
    // The variants must exercise both verdicts many times over, or the comparison proves little.
    expect(compared).toBeGreaterThan(1000);
    expect(rejected).toBeGreaterThan(200);
  });

  it("advertises the document tools' output schemas exactly as src/worker/mcp/document-schemas.ts writes them, not zod's translation", () => {
    const listed = new Map(schemas.map((entry) => [entry.tool, entry.schema]));
    // The SDK adds the root `type: "object"` MCP requires where a schema (get_*'s oneOf) has none.
    const asListed = (schema: object) => ({ type: 'object', ...schema });
    for (const kind of documentKinds) {
      const { singular, plural } = DOCUMENT_KINDS[kind];
      expect(listed.get(`get_${singular}`), `get_${singular}`).toEqual(
        asListed(getOutputSchema(kind)),
      );
      expect(listed.get(`list_${plural}`), `list_${plural}`).toEqual(
        asListed(listOutputSchema(kind)),
      );
      expect(listed.get(`search_${plural}`), `search_${plural}`).toEqual(
        asListed(searchOutputSchema(kind)),
      );
    }
  });
});
