import type { CallToolResult } from '@modelcontextprotocol/server';

/** A structured tool result: the object as structuredContent and the same JSON as text (spec 000). */
export function toolResult(structured: Record<string, unknown>, options: { isError?: boolean } = {}): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }],
    structuredContent: structured,
    ...(options.isError ? { isError: true } : {}),
  };
}
