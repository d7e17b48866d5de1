// The searches a /mcp request asks for (`tools/call` of search_processes, search_checklists), read
// from its parsed body before the MCP server runs, so a version loaded for this request can fetch
// their term shards in the same bulk read as everything else. Only a hint: the tool still validates
// its arguments, and a body this misreads costs at most a few wasted reads.
import { documentToolNamed } from '../../bundle/kinds.ts';
import type { SearchAhead } from '../content/store.ts';

export function searchesIn(body: { value: unknown } | null): SearchAhead[] {
  if (body === null) return [];
  const messages = Array.isArray(body.value) ? body.value : [body.value];
  const searches: SearchAhead[] = [];
  for (const message of messages) {
    if (message === null || typeof message !== 'object') continue;
    const { method, params } = message as { method?: unknown; params?: { name?: unknown; arguments?: { query?: unknown } } };
    const tool = method === 'tools/call' && typeof params?.name === 'string' ? documentToolNamed(params.name) : undefined;
    const kind = tool?.action === 'search' ? tool.kind : undefined;
    const query = params?.arguments?.query;
    if (kind && typeof query === 'string' && query !== '') searches.push({ kind, query });
  }
  return searches;
}
