// The MCP server the shim speaks over stdio. A low-level Server rather than McpServer, because
// the shim decides per request what exists: local tools, a gated tool that answers with a
// human-action error instead of "unknown tool", and the hosted endpoint's catalog, which can
// appear, change or vanish while the shim runs.
import {
  fromJsonSchema,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type CallToolResult,
  type JsonSchemaType,
  type StandardSchemaWithJSON,
} from '@modelcontextprotocol/server';
import type { Bridge } from './bridge/remote.ts';
import { clashNote, mergeToolLists, NAME_COMPARISON, shadowingName } from './bridge/merge-tools.ts';
import { refusalResult } from './tools/results.ts';
import type { LocalTool, ToolContext } from './tools/local-tool.ts';
import { Refusal } from './refusal.ts';
import { visibleName } from '../text/visible-text.ts';

export interface ShimServerOptions {
  context: ToolContext;
  /** Tools listed and callable. */
  tools: LocalTool[];
  /** Tools held back by the human-in-the-loop gate: not listed, and a call gets `refusal`. */
  gated: Array<{ name: string; refusal: (args: Record<string, unknown>) => Refusal }>;
  bridge?: Bridge;
  instructions: string;
  log: (line: string) => void;
}

const SERVER_INFO = { name: 'praxis-shim', version: '0.1.0' };

export function createShimServer(options: ShimServerOptions): Server {
  // With a bridge the lists change when the endpoint's catalog becomes reachable (a sign-in completed).
  const capabilities = options.bridge
    ? {
        tools: { listChanged: true },
        resources: { listChanged: true },
        prompts: { listChanged: true },
      }
    : { tools: {} };
  const server = new Server(SERVER_INFO, { capabilities, instructions: options.instructions });
  const validators = new Map(
    options.tools.map((t) => [
      t.definition.name,
      fromJsonSchema(t.definition.inputSchema as JsonSchemaType),
    ]),
  );
  const reportedClashes = new Set<string>();

  server.setRequestHandler('tools/list', async () => {
    const local = options.tools.map((t) => t.definition);
    if (!options.bridge) return { tools: local };
    const merged = mergeToolLists(
      local,
      await options.bridge.tools(),
      new Set(options.gated.map((g) => g.name)),
      options.bridge.url.href,
    );
    for (const clash of merged.clashes.filter((c) => !reportedClashes.has(c.remote))) {
      reportedClashes.add(clash.remote);
      options.log(`praxis shim: ${clashNote(clash, options.bridge.url.href)}`);
    }
    return { tools: merged.tools };
  });

  server.setRequestHandler('tools/call', async (request) => {
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    const result = await callTool(options, validators, name, args);
    return server.projectCallToolResult(result, undefined);
  });

  if (options.bridge) registerRemoteCatalog(server, options.bridge);
  return server;
}

async function callTool(
  options: ShimServerOptions,
  validators: Map<string, StandardSchemaWithJSON>,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const local = options.tools.find((t) => t.definition.name === name);
  if (local) return local.run(await validated(validators.get(name)!, name, args), options.context);
  const gated = options.gated.find((g) => g.name === name);
  if (gated) return refusalResult(gated.refusal(args));
  if (!options.bridge)
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
  // A name that only reads like a local tool's never reaches the endpoint: the list does not offer it either.
  const localNames = [
    ...options.tools.map((t) => t.definition.name),
    ...options.gated.map((g) => g.name),
  ];
  const shadowing = shadowingName(name, localNames);
  if (shadowing !== undefined) {
    const reason = `it reads as this shim's own '${shadowing}' (${NAME_COMPARISON})`;
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Tool '${visibleName(name)}' is not served: ${reason}.`,
    );
  }
  const answer = await options.bridge.callTool(name, args);
  if (answer.ok) return answer.value;
  return refusalResult(
    new Refusal(
      answer.code,
      `Tool '${name}' is served by the Praxis endpoint, which could not answer.\n${answer.message}`,
    ),
  );
}

async function validated(
  schema: StandardSchemaWithJSON,
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const outcome = await schema['~standard'].validate(args);
  if (outcome.issues) {
    const detail = outcome.issues.map((i) => i.message).join('; ');
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Invalid arguments for tool ${name}: ${detail}`,
    );
  }
  return outcome.value as Record<string, unknown>;
}

/** Resources and prompts come only from the endpoint: lists and reads pass straight through. */
function registerRemoteCatalog(server: Server, bridge: Bridge): void {
  server.setRequestHandler('resources/list', async () => ({ resources: await bridge.resources() }));
  server.setRequestHandler('resources/templates/list', async () => ({
    resourceTemplates: await bridge.resourceTemplates(),
  }));
  server.setRequestHandler('resources/read', (request) => bridge.readResource(request.params.uri));
  server.setRequestHandler('prompts/list', async () => ({ prompts: await bridge.prompts() }));
  server.setRequestHandler('prompts/get', (request) =>
    bridge.getPrompt(request.params.name, request.params.arguments),
  );
}
