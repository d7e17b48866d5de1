// The VitaeContext contract (and the 2025-era MCP revisions) answer an unknown resource with -32002 and the URI in
// error.data; the SDK emits -32602 for every era, as 2026-07-28 requires. For 2025-era requests to
// resources/read we restore -32002, so clients written against the VitaeContext contract keep working.
import { isLegacyRequest, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { ErrorMessage } from './error-rewrite.ts';

const RESOURCE_NOT_FOUND = ProtocolErrorCode.ResourceNotFound;
const INVALID_PARAMS = ProtocolErrorCode.InvalidParams;

/** Whether the answer to this request needs the 2025-era code; decided before the SDK consumes the body. */
export async function wantsLegacyResourceNotFound(request: Request, operation: string | null, body: { value: unknown } | null): Promise<boolean> {
  return Boolean(operation?.startsWith('resources/read')) && isLegacyRequest(request, body?.value);
}

/** The SDK's -32602 for an unknown resource (it carries the URI in error.data) as the VitaeContext contract's -32002. */
export function restoreResourceNotFound(message: ErrorMessage): ErrorMessage {
  const data = message.error.data as { uri?: unknown } | undefined;
  if (message.error.code !== INVALID_PARAMS || typeof data?.uri !== 'string') return message;
  return { ...message, error: { ...message.error, code: RESOURCE_NOT_FOUND } };
}
