// The one way the HTTP layer answers with a JSON-RPC error of its own (before or instead of the
// MCP server): the SDK's error codes, `id: null` (the request was not read as a message), and the
// HTTP status the transport calls for.
import { ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export { ProtocolErrorCode };

export function jsonRpcErrorResponse(
  c: Context,
  code: ProtocolErrorCode,
  message: string,
  status: ContentfulStatusCode,
  headers?: Record<string, string>,
): Response {
  return c.json({ jsonrpc: '2.0', id: null, error: { code, message } }, status, headers);
}
