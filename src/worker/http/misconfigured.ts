// A setting is missing, unknown or contradictory: every request that needs it answers 500, and the
// operators are told why in the log — never the caller.
import type { Context } from 'hono';
import { jsonRpcErrorResponse, ProtocolErrorCode } from './jsonrpc-error-response.ts';

export function misconfiguredResponse(c: Context, message: string): Response {
  console.error(JSON.stringify({ event: 'misconfigured', message }));
  return jsonRpcErrorResponse(
    c,
    ProtocolErrorCode.InternalError,
    'This Praxis endpoint is misconfigured; its operators have been told why in the log.',
    500,
  );
}
