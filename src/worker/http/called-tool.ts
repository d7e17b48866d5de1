// The tool a /mcp request calls, read from its parsed body before the MCP server runs: the route
// registers only that tool's kind and loads only what that tool reads.
import type { JsonBody } from './audit.ts';

/** The tool named by a body that is one tools/call request (not a batch); undefined otherwise. */
export function toolCalledBy(body: JsonBody): string | undefined {
  const message = body?.value as { method?: unknown; params?: { name?: unknown } } | null | undefined;
  if (typeof message !== 'object' || message === null || Array.isArray(message) || message.method !== 'tools/call') return undefined;
  return typeof message.params?.name === 'string' ? message.params.name : undefined;
}
