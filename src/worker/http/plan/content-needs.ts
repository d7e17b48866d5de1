// What a request will read of the content version: a single call of a kind's search, get or list
// tool reads that kind's chunk list (and its index head or names) and no knowledge section, so a
// fresh isolate answering one never fetches the knowledge object or the names objects (most of a
// version's bytes). initialize, tools/list, ping and notifications read the knowledge sections
// alone: never the graph records, chunk lists, names objects or index heads, which grow with the
// corpus; reads of one graph record's resource (alone or batched with those) add the records' chunk
// list, which names the one chunk holding the record. Anything else — other resources, prompts,
// completions, other tools, mixed batches — gets every loaded object. Only a plan: the tool still
// validates its arguments, and a body this misreads costs reads, never a wrong answer (what a
// request did not ask for is loaded by the next one that does).
import { documentToolNamed, type DocumentToolAction } from '../../../bundle/kinds.ts';
import {
  EVERY_NEED,
  LISTING_NEEDS,
  RECORD_LOOKUP_NEEDS,
  type BundleNeeds,
  type SearchAhead,
} from '../../content/bundle-needs.ts';
import { recordUri } from '../../../bundle/graph/ids.ts';
import type { PlannedMessage } from './json-rpc-message.ts';

/** What each document tool reads besides the manifest and its kind's chunk list: a search its index head, a get its names, a list nothing more. */
const READS: Record<DocumentToolAction, 'index' | 'names' | 'entries'> = {
  search: 'index',
  get: 'names',
  list: 'entries',
};

/** `vitaegraph://record/`: a record's resource URI starts with it. */
const RECORD_PREFIX = recordUri('');

/** Methods answered from the knowledge sections and the manifest alone. */
const LISTING_METHODS = new Set(['initialize', 'server/discover', 'tools/list', 'ping']);

/** Whether a message reads one graph record's resource: the records' chunk list, then one chunk. */
const isRecordLookup = ({ method, uri }: PlannedMessage): boolean =>
  method === 'resources/read' && uri !== undefined && uri.startsWith(RECORD_PREFIX);

/** Whether a message is answered from the knowledge sections and the manifest alone. */
const isListing = ({ method }: PlannedMessage): boolean =>
  method !== undefined && (LISTING_METHODS.has(method) || method.startsWith('notifications/'));

/**
 * `calledTool`: the tool a lone tools/call names; `searches`: the searches the body asks for;
 * `messages`: the body's messages, in order.
 */
export function contentNeeds(
  calledTool: string | undefined,
  searches: SearchAhead[],
  messages: readonly PlannedMessage[] = [],
): BundleNeeds {
  const tool = calledTool === undefined ? undefined : documentToolNamed(calledTool);
  if (!tool) {
    if (messages.length === 0 || !messages.every((m) => isListing(m) || isRecordLookup(m)))
      return { ...EVERY_NEED, searches };
    return messages.some(isRecordLookup) ? RECORD_LOOKUP_NEEDS : LISTING_NEEDS;
  }
  const reads = READS[tool.action];
  return {
    knowledge: false,
    records: false,
    names: reads === 'names' ? [tool.kind] : [],
    indexes: reads === 'index' ? [tool.kind] : [],
    entries: [tool.kind],
    recordLookups: false,
    searches,
  };
}
