// The floor below the SDK: a Worker that answers the same JSON-RPC requests as
// bench/workers/sdk-floor-worker.ts (tools/list with one `echo` tool, tools/call echo, the 2025
// initialize and the 2026-07-28 server/discover) with hand-written JSON and no MCP SDK: no
// validation, no envelope checks, no SSE. bench/commands/floors.ts measures it next to the SDK floor
// and Praxis in the same run, so what the SDK itself adds to a call is seen too. Not a server to use.
import { FLOOR_PATH } from './floor.ts';

const ECHO_TOOL = {
  name: 'echo',
  description: 'Returns the text it is given.',
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string' } },
    required: ['text'],
  },
};
const SERVER_INFO = { name: 'raw-json-floor', version: '1.0.0' };

interface Message {
  id?: number | string;
  method?: string;
  params?: { name?: string; arguments?: { text?: unknown }; protocolVersion?: string };
}

/** The result for one request, or null for a method this floor does not answer. */
function resultOf(message: Message, modern: boolean): Record<string, unknown> | null {
  const meta = modern
    ? { resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO } }
    : {};
  switch (message.method) {
    case 'initialize':
      return {
        protocolVersion: message.params?.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: SERVER_INFO,
      };
    case 'server/discover':
      return { supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ...meta };
    case 'tools/list':
      return { tools: [ECHO_TOOL], ...meta };
    case 'tools/call':
      return {
        content: [{ type: 'text', text: String(message.params?.arguments?.text ?? '') }],
        ...meta,
      };
    default:
      return null;
  }
}

export default {
  async fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname === FLOOR_PATH) return new Response('ok');
    if (request.method !== 'POST') return new Response(null, { status: 405 });
    const message = (await request.json()) as Message;
    if (message.id === undefined) return new Response(null, { status: 202 }); // a notification
    const result = resultOf(message, request.headers.has('mcp-method'));
    return Response.json(
      result
        ? { jsonrpc: '2.0', id: message.id, result }
        : { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } },
    );
  },
};
