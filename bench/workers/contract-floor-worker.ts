// The least Praxis's contract costs through the MCP SDK: the SDK used as in sdk-floor-worker.ts
// (`createMcpHandler` once per isolate, a fresh McpServer per request, schemas built once per isolate),
// but with Praxis's tools exactly as Praxis advertises them — names, titles, descriptions,
// annotations, input and output JSON Schemas — and every call answered with the result Praxis gave
// to that same call, recorded by bench/commands/floors.ts in the same run and handed over in the
// CONTRACT_RECORDING binding. No auth, no content, no ranking, no logging: what it spends above the
// SDK floor is what any server pays to answer these calls through the SDK (list fifteen tools,
// check the arguments and the structured result, serialise the answer twice — as structured
// content and as its JSON text); what Praxis spends above it is Praxis's own work. Arguments are
// checked with the SDK's Workers validator, results with zod's translation of the output schema
// (the cheapest check known here: the Workers validator spent more on a 50-result page than the
// ranking did), so this floor is not raised by a slow validator.
import {
  createMcpHandler,
  fromJsonSchema,
  McpServer,
  type CallToolResult,
  type StandardSchemaWithJSON,
  type ToolAnnotations,
} from '@modelcontextprotocol/server';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';
import * as z from 'zod';
import { RECORDING_BINDING, type ContractRecording } from './contract-recording-binding.ts';
import { FLOOR_PATH } from './floor.ts';

interface RegisteredTool {
  name: string;
  config: {
    title?: string;
    description?: string;
    annotations?: ToolAnnotations;
    inputSchema: StandardSchemaWithJSON;
    outputSchema?: StandardSchemaWithJSON;
  };
  answer: CallToolResult;
}

const validator = new CfWorkerJsonSchemaValidator();
type JsonSchema = Parameters<typeof fromJsonSchema>[0];

function checkedByZod(schema: JsonSchema): StandardSchemaWithJSON {
  const check = z.fromJSONSchema(schema as z.core.JSONSchema.JSONSchema)['~standard'];
  return {
    '~standard': {
      version: 1,
      vendor: 'contract-floor',
      jsonSchema: { input: () => schema, output: () => schema },
      validate: (value: unknown) => check.validate(value),
    },
  } as StandardSchemaWithJSON;
}

/** The recorded tools as registrations, built once per isolate from the binding. */
function registrationsOf(recording: ContractRecording): RegisteredTool[] {
  return recording.tools.map((tool) => ({
    name: tool.name,
    config: {
      title: tool.title,
      description: tool.description,
      annotations: tool.annotations,
      inputSchema: fromJsonSchema(tool.inputSchema as JsonSchema, validator),
      outputSchema: tool.outputSchema ? checkedByZod(tool.outputSchema as JsonSchema) : undefined,
    },
    // A tool Praxis was not asked about in the recording answers as the SDK floor's echo does.
    answer: recording.answers[tool.name] ?? { content: [{ type: 'text', text: 'not recorded' }] },
  }));
}

let tools: RegisteredTool[] | undefined;

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: 'contract-floor', version: '1.0.0' });
  for (const { name, config, answer } of tools!) server.registerTool(name, config, () => answer);
  return server;
});

export default {
  fetch(request: Request, env: Record<string, string>): Promise<Response> | Response {
    if (new URL(request.url).pathname === FLOOR_PATH) return new Response('ok');
    tools ??= registrationsOf(JSON.parse(env[RECORDING_BINDING]!) as ContractRecording);
    return handler.fetch(request);
  },
};
