// What a /mcp request will read of the content version, from its parsed body, before the MCP server
// runs: a single call of a kind's search, get or list tool reads that kind's index head, names or
// chunks and no knowledge section, so a fresh isolate answering one never fetches the knowledge
// object or the names objects (most of a version's bytes). Anything else — initialize, lists,
// resources, prompts, completions, other tools, batches — gets every loaded object, as before.
// Only a plan: the tool still validates its arguments, and a body this misreads costs reads,
// never a wrong answer (what a request did not ask for is loaded by the next one that does).
import { DOCUMENT_KINDS, documentKinds, type DocumentKind } from '../../bundle/kinds.ts';
import { EVERY_NEED, type BundleNeeds } from '../content/store.ts';
import { searchesIn } from './searches-ahead.ts';

interface DocumentTool { kind: DocumentKind; reads: 'index' | 'names' | 'chunks' }

const DOCUMENT_TOOLS = new Map<string, DocumentTool>(documentKinds.flatMap((kind): Array<[string, DocumentTool]> => {
  const { singular, plural } = DOCUMENT_KINDS[kind];
  return [[`search_${plural}`, { kind, reads: 'index' }], [`get_${singular}`, { kind, reads: 'names' }], [`list_${plural}`, { kind, reads: 'chunks' }]];
}));

export function contentNeedsOf(body: { value: unknown } | null): BundleNeeds {
  const message = body?.value as { method?: unknown; params?: { name?: unknown } } | null | undefined;
  const tool = typeof message === 'object' && message !== null && !Array.isArray(message) && message.method === 'tools/call' && typeof message.params?.name === 'string'
    ? DOCUMENT_TOOLS.get(message.params.name)
    : undefined;
  if (!tool) return { ...EVERY_NEED, searches: searchesIn(body) };
  const kinds: DocumentKind[] = [tool.kind];
  return {
    knowledge: false,
    names: tool.reads === 'names' ? kinds : [],
    indexes: tool.reads === 'index' ? kinds : [],
    searches: searchesIn(body),
  };
}
