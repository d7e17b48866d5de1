// Spec JSON Schemas as SDK schemas. Compiling one (the cf-worker validator dereferences and builds
// it) cost more than the tool call it guards when done per request, so each schema object is
// compiled once per isolate and shared by every server built afterwards.
import { fromJsonSchema, type StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';

export const jsonSchemaValidator = new CfWorkerJsonSchemaValidator();
const compiled = new WeakMap<object, StandardSchemaWithJSON<unknown, unknown>>();

export function jsonSchema<T = unknown>(schema: Parameters<typeof fromJsonSchema>[0]): StandardSchemaWithJSON<T, T> {
  let found = compiled.get(schema);
  if (!found) compiled.set(schema, (found = fromJsonSchema(schema, jsonSchemaValidator)));
  return found as StandardSchemaWithJSON<T, T>;
}

type JsonSchemaOptions = { target: string; libraryOptions?: Record<string, unknown> };
interface StandardJsonSchemaProps { jsonSchema?: Record<'input' | 'output', (options: JsonSchemaOptions) => Record<string, unknown>> }

/**
 * A long-lived zod schema whose JSON Schema form is converted once. The SDK converts every tool's
 * input schema on every `tools/list` (and the server is new per request), which was a fifth of a
 * tools/list's CPU in workerd. Zod lets `~standard` be replaced; the converted schema is frozen, so
 * anything that tried to change the shared copy would fail loudly instead of leaking into the next
 * request.
 */
export function convertedOnce<T extends object>(schema: T): T {
  const target = schema as T & { '~standard': StandardJsonSchemaProps };
  const standard = target['~standard'];
  const convert = standard.jsonSchema;
  if (!convert) return schema;
  const converted = new Map<string, Record<string, unknown>>();
  const once = (io: 'input' | 'output') => (options: JsonSchemaOptions): Record<string, unknown> => {
    if (options.libraryOptions) return convert[io](options);
    const key = `${io} ${options.target}`;
    let json = converted.get(key);
    if (!json) converted.set(key, (json = deepFreeze(convert[io](options))));
    return json;
  };
  target['~standard'] = { ...standard, jsonSchema: { input: once('input'), output: once('output') } };
  return schema;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
