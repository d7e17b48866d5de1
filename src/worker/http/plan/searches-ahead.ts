// The searches a request asks for (`tools/call` of search_processes, search_checklists), so a version
// loaded for this request can fetch their term shards beside its bulk read of everything else. Only a
// hint: the tool still validates its arguments, and a body this misreads costs at most a few wasted reads.
// Each query is analysed here once; the search tool uses that analysis when its query is the same text.
// Only the first MAX_SEARCHES_AHEAD are: the plan is made before the per-request caps refuse a batch,
// and analysing every search of a body of 256 of them would cost more than the request's CPU budget.
import { documentToolNamed } from '../../../bundle/kinds.ts';
import { MAX_SEARCHES_AHEAD, type SearchAhead } from '../../content/bundle-needs.ts';
import { analyseQuery } from '../../content/search/query-terms.ts';
import type { PlannedMessage } from './json-rpc-message.ts';

export function searchesAhead(messages: PlannedMessage[]): SearchAhead[] {
  const searches: SearchAhead[] = [];
  for (const { method, name, query } of messages) {
    const tool =
      method === 'tools/call' && name !== undefined ? documentToolNamed(name) : undefined;
    if (tool?.action === 'search' && query !== undefined && query !== '')
      searches.push({ kind: tool.kind, query, terms: analyseQuery(query) });
    if (searches.length === MAX_SEARCHES_AHEAD) break;
  }
  return searches;
}
