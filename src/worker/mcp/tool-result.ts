import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';

/**
 * A structured tool result: the object as structuredContent and the same JSON as text (the process-query contract),
 * then any further content blocks. The text is compact: a model reads it, and indentation would
 * be a tenth of a search page's text (and of the bytes the Worker serialises).
 */
export function toolResult(
  structured: Record<string, unknown>,
  options: { isError?: boolean; more?: ContentBlock[] } = {},
): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(structured) }, ...(options.more ?? [])],
    structuredContent: structured,
    ...(options.isError ? { isError: true } : {}),
  };
}
