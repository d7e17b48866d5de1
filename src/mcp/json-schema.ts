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
