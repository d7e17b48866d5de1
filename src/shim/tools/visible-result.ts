// The one place a local tool's result leaves the shim: every string in it — the text the model and
// the person read, and the structured copy a client may display — with control and reordering
// characters shown as markers (see visible-text.ts), because any of them may have come from a session.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { visibleText } from '../../text/visible-text.ts';

export function visibleResult(result: CallToolResult): CallToolResult {
  const content = result.content.map((b) =>
    b.type === 'text' ? { ...b, text: visibleText(b.text) } : b,
  );
  const { structuredContent } = result;
  if (!structuredContent) return { ...result, content };
  return {
    ...result,
    content,
    structuredContent: visibleValues(structuredContent) as typeof structuredContent,
  };
}

/** `value` with every string in it, at any depth, made visible; numbers, booleans and null as they are. */
function visibleValues(value: unknown): unknown {
  if (typeof value === 'string') return visibleText(value);
  if (Array.isArray(value)) return value.map(visibleValues);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, visibleValues(inner)]),
    );
  }
  return value;
}
