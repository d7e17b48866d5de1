import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ToolAnswer } from './tool.ts';

/**
 * A tool's answer as an MCP result: the text (a structured answer's JSON when it has no text of
 * its own — the process-query contract), then any further content blocks, and the structured
 * object as structuredContent. The JSON is compact: a model reads it, and indentation would be a
 * tenth of a search page's text (and of the bytes the Worker serialises).
 */
export function toolResult({ structured, text, isError, more }: ToolAnswer): CallToolResult {
  return {
    content: [{ type: 'text', text: text ?? JSON.stringify(structured) }, ...(more ?? [])],
    ...(structured ? { structuredContent: structured } : {}),
    ...(isError ? { isError: true } : {}),
  };
}
