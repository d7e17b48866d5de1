// The VitaeContext contract (and the 2025-era MCP revisions) answer an unknown resource with -32002 and the URI in
// error.data; the SDK emits -32602 for every era, as 2026-07-28 requires. For 2025-era requests to
// resources/read we restore -32002, so clients written against the VitaeContext contract keep working.
import { ProtocolErrorCode, type McpRequestContext } from '@modelcontextprotocol/server';
import type { ErrorMessage } from './error-rewrite.ts';

const RESOURCE_NOT_FOUND = ProtocolErrorCode.ResourceNotFound;
const INVALID_PARAMS = ProtocolErrorCode.InvalidParams;

/** Whether the answer to this request needs the 2025-era code: a resources/read served by the SDK's 2025-era leg. */
export function wantsLegacyResourceNotFound(
  era: McpRequestContext['era'],
  operation: string | null,
): boolean {
  return era === 'legacy' && Boolean(operation?.startsWith('resources/read'));
}

/** The SDK's -32602 for an unknown resource (it carries the URI in error.data) as the VitaeContext contract's -32002. */
export function restoreResourceNotFound(message: ErrorMessage): ErrorMessage {
  const data = message.error.data as { uri?: unknown } | undefined;
  if (message.error.code !== INVALID_PARAMS || typeof data?.uri !== 'string') return message;
  return { ...message, error: { ...message.error, code: RESOURCE_NOT_FOUND } };
}
