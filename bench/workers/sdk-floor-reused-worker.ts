// The SDK floor with its servers reused: the same one-tool server as bench/workers/sdk-floor-worker.ts,
// but the factory hands out an idle server built earlier in this isolate instead of a new one for
// each 2026-07-28 request (the SDK refuses only a server still connected to another exchange, and
// seeds the protocol revision and the client's identity on every exchange it serves). Legacy
// requests keep a fresh server each. bench/commands/server-reuse.ts measures the two side by side,
// to say what building and tearing down a server per request costs in the SDK itself.
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { FLOOR_PATH } from './floor.ts';

const echoInput = z.object({ text: z.string() });
const built: McpServer[] = [];

function newServer(): McpServer {
  const server = new McpServer({ name: 'sdk-floor', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Returns the text it is given.', inputSchema: echoInput },
    ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  return server;
}

const handler = createMcpHandler(({ era }) => {
  if (era !== 'modern') return newServer();
  const idle = built.find((server) => !server.isConnected());
  if (idle) return idle;
  const server = newServer();
  built.push(server);
  return server;
});

export default {
  fetch(request: Request): Promise<Response> | Response {
    if (new URL(request.url).pathname === FLOOR_PATH) return new Response('ok');
    return handler.fetch(request);
  },
};
