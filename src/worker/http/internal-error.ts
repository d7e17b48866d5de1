// Unexpected failures: the detail goes to the log for whoever is on call; the client gets -32603 and nothing else.
import type { Context } from 'hono';
import { jsonRpcErrorResponse, ProtocolErrorCode } from './jsonrpc-error-response.ts';

export function internalErrorResponse(error: unknown, c: Context): Response {
  const id = crypto.randomUUID();
  console.error(
    JSON.stringify({
      event: 'internal_error',
      id,
      path: new URL(c.req.url).pathname,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    }),
  );
  return jsonRpcErrorResponse(
    c,
    ProtocolErrorCode.InternalError,
    `Internal error (reference ${id}).`,
    500,
  );
}
