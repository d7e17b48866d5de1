// The least a request can cost through the MCP SDK in this runtime, used as its documentation says
// (https://ts.sdk.modelcontextprotocol.io/v2/serving/http, "Understand the per-request factory":
// the factory runs once per HTTP request and builds a fresh McpServer; tools are registered inside
// it, never on a shared instance): `createMcpHandler` made once per isolate, a server with one tool
// taking one string, no auth, no content, no logging. What may be built once is: the tool's input
// schema is one zod object for the isolate, not a new one per request. The SDK reads and parses the
// body itself (`parsedBody` is for a caller that already holds it parsed; this one does not).
// bench/commands/floors.ts profiles it next to Praxis, so Praxis's per-call CPU can be read against
// what the SDK alone spends on the same kind of call.
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { FLOOR_PATH } from './floor.ts';

const echoInput = z.object({ text: z.string() });

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: 'sdk-floor', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Returns the text it is given.', inputSchema: echoInput },
    ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  return server;
});

export default {
  fetch(request: Request): Promise<Response> | Response {
    // The same no-work route as bench/workers/worker.ts, so throughput is compared within this Worker too.
    if (new URL(request.url).pathname === FLOOR_PATH) return new Response('ok');
    return handler.fetch(request);
  },
};
