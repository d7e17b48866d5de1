// One JSON-RPC request to a running server's /mcp, as a client of the 2025-06-18 protocol sends it,
// and its answer's message, whether the server answered with JSON or as a server-sent event.
import { expect } from 'vitest';

/** The message answering `method` with `params`; the HTTP status must be 200. */
export async function mcpCall(
  url: string,
  bearer: string,
  method: string,
  params: Record<string, unknown>,
): Promise<any> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${bearer}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  const data = text.split('\n').filter((line) => line.startsWith('data:'));
  return JSON.parse(data.length ? data.at(-1)!.slice(5) : text);
}
