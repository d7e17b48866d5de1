// Spec JSON Schemas as SDK schemas. Compiling one (the cf-worker validator dereferences and builds
// it) cost more than the tool call it guards when done per request, so each schema object is
// compiled once per isolate and shared by every server built afterwards.
import { fromJsonSchema, type StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';
import * as z from 'zod';

export const jsonSchemaValidator = new CfWorkerJsonSchemaValidator();
const compiled = new WeakMap<object, StandardSchemaWithJSON<unknown, unknown>>();

export function jsonSchema<T = unknown>(
  schema: Parameters<typeof fromJsonSchema>[0],
): StandardSchemaWithJSON<T, T> {
  let found = compiled.get(schema);
  if (!found) compiled.set(schema, (found = fromJsonSchema(schema, jsonSchemaValidator)));
  return found as StandardSchemaWithJSON<T, T>;
}

type SpecSchema = Parameters<typeof fromJsonSchema>[0];
const outputs = new WeakMap<object, StandardSchemaWithJSON<unknown, unknown>>();

/**
 * A tool's output schema: advertised word for word as the spec's JSON Schema, checked with zod's
 * translation of it. The SDK checks every structured result before sending it, and the cf-worker
 * validator spent more CPU checking a 50-result search page than ranking it (it builds a JSON
 * Pointer for every property it visits); zod checks the same page about twenty times faster.
 * Both validators' verdicts are compared on every output schema by a test.
 */
export function jsonOutputSchema<T = unknown>(schema: SpecSchema): StandardSchemaWithJSON<T, T> {
  let found = outputs.get(schema);
  if (!found) outputs.set(schema, (found = checkedByZod(schema)));
  return found as StandardSchemaWithJSON<T, T>;
}

function checkedByZod(schema: SpecSchema): StandardSchemaWithJSON<unknown, unknown> {
  const check = z.fromJSONSchema(schema as z.core.JSONSchema.JSONSchema)['~standard'];
  return {
    '~standard': {
      version: 1,
      vendor: 'praxis',
      jsonSchema: { input: () => schema, output: () => schema },
      validate: (value) => check.validate(value),
    },
  } as StandardSchemaWithJSON<unknown, unknown>;
}

type JsonSchemaOptions = { target: string; libraryOptions?: Record<string, unknown> };
interface StandardJsonSchemaProps {
  jsonSchema?: Record<'input' | 'output', (options: JsonSchemaOptions) => Record<string, unknown>>;
}

/** The JSON Schema dialect the SDK converts tool schemas to (its JSON_SCHEMA_CONVERSION_TARGET). */
const SDK_CONVERSION_TARGET = 'draft-2020-12';

/**
 * A long-lived zod schema whose JSON Schema form is converted once. The SDK converts every tool's
 * input schema on every `tools/list` (and the server is new per request), which was a fifth of a
 * tools/list's CPU in workerd. Zod lets `~standard` be replaced; the converted schema is frozen, so
 * anything that tried to change the shared copy would fail loudly instead of leaking into the next
 * request. The input form the SDK asks for is converted right away: a schema made when the Worker
 * starts is then ready before its first request (another target is converted when first asked).
 */
export function convertedOnce<T extends object>(schema: T): T {
  const target = schema as T & { '~standard': StandardJsonSchemaProps };
  const standard = target['~standard'];
  const convert = standard.jsonSchema;
  if (!convert) return schema;
  const converted = new Map<string, Record<string, unknown>>();
  const once =
    (io: 'input' | 'output') =>
    (options: JsonSchemaOptions): Record<string, unknown> => {
      if (options.libraryOptions) return convert[io](options);
      const key = `${io} ${options.target}`;
      let json = converted.get(key);
      if (!json) converted.set(key, (json = deepFreeze(convert[io](options))));
      return json;
    };
  target['~standard'] = {
    ...standard,
    jsonSchema: { input: once('input'), output: once('output') },
  };
  once('input')({ target: SDK_CONVERSION_TARGET });
  return schema;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
