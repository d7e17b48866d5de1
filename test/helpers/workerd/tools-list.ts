// The text of a tools/list answer from an SDK handler serving the servers `makeServer` builds: one
// plain (2025-era) JSON-RPC request, as the tool-schema and tool-list memo tests send it.
import { createMcpHandler, type McpServer } from '@modelcontextprotocol/server';
import { expect } from 'vitest';

export async function toolsListText(makeServer: () => McpServer): Promise<string> {
  const response = await createMcpHandler(makeServer).fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }),
    }),
  );
  expect(response.status).toBe(200);
  return response.text();
}
