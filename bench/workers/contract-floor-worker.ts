// The least Praxis's contract costs through the MCP SDK: the SDK used as in sdk-floor-worker.ts
// (`createMcpHandler` once per isolate, a fresh McpServer per request, schemas built once per isolate),
// but with Praxis's tools exactly as Praxis advertises them — names, titles, descriptions,
// annotations, input and output JSON Schemas — and every call answered with the result Praxis gave
// to that same call, recorded by bench/commands/floors.ts in the same run and handed over in the
// CONTRACT_RECORDING binding. No auth, no content, no ranking, no logging: what it spends above the
// SDK floor is what any server pays to answer these calls through the SDK (list fifteen tools,
// check the arguments and the structured result, serialise the answer twice — as structured
// content and as its JSON text); what Praxis spends above it is Praxis's own work. The schemas are
// made as Praxis makes them (src/worker/mcp/json-schema.ts): arguments checked with the SDK's
// Workers validator, results with zod's translation of the output schema, the cheapest check known
// here, so this floor is not raised by a slow validator.
import {
  createMcpHandler,
  McpServer,
  type CallToolResult,
  type StandardSchemaWithJSON,
  type ToolAnnotations,
} from '@modelcontextprotocol/server';
import { jsonOutputSchema, jsonSchema } from '../../src/worker/mcp/json-schema.ts';
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

type JsonSchema = Parameters<typeof jsonSchema>[0];

/** The recorded tools as registrations, built once per isolate from the binding. */
function registrationsOf(recording: ContractRecording): RegisteredTool[] {
  return recording.tools.map((tool) => ({
    name: tool.name,
    config: {
      title: tool.title,
      description: tool.description,
      annotations: tool.annotations,
      inputSchema: jsonSchema(tool.inputSchema as JsonSchema),
      outputSchema: tool.outputSchema
        ? jsonOutputSchema(tool.outputSchema as JsonSchema)
        : undefined,
    },
    // A tool the bench never calls has no recorded answer: it would answer with this text.
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
