// The least a request can cost through the MCP SDK in this runtime: the SDK's own per-request
// handler (`createMcpHandler`) and a server with one tool taking one string, no auth, no content,
// no logging. bench/lib/sdk-floor.ts profiles it next to Praxis, so Praxis's per-call CPU can be read
// against what the SDK alone spends on the same kind of call.
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { FLOOR_PATH } from './floor.ts';

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: 'sdk-floor', version: '1.0.0' });
  server.registerTool(
    'echo',
    {
      description: 'Returns the text it is given.',
      inputSchema: z.object({ text: z.string() }),
    },
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
