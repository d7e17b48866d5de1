// What a request will read of the content version: a single call of a kind's search, get or list tool
// reads that kind's index head, names or chunks and no knowledge section, so a fresh isolate answering
// one never fetches the knowledge object or the names objects (most of a version's bytes). Anything
// else — initialize, lists, resources, prompts, completions, other tools, batches — gets every loaded
// object. Only a plan: the tool still validates its arguments, and a body this misreads costs reads,
// never a wrong answer (what a request did not ask for is loaded by the next one that does).
import { documentToolNamed, type DocumentToolAction } from '../../../bundle/kinds.ts';
import { EVERY_NEED, type BundleNeeds, type SearchAhead } from '../../content/bundle-needs.ts';

/** What each document tool reads besides the manifest: a search its index head, a get its names, a list its chunks (named by the manifest). */
const READS: Record<DocumentToolAction, 'index' | 'names' | 'chunks'> = {
  search: 'index',
  get: 'names',
  list: 'chunks',
};

/** `calledTool`: the tool a lone tools/call names; `searches`: the searches the body asks for. */
export function contentNeeds(calledTool: string | undefined, searches: SearchAhead[]): BundleNeeds {
  const tool = calledTool === undefined ? undefined : documentToolNamed(calledTool);
  if (!tool) return { ...EVERY_NEED, searches };
  const reads = READS[tool.action];
  return {
    knowledge: false,
    names: reads === 'names' ? [tool.kind] : [],
    indexes: reads === 'index' ? [tool.kind] : [],
    searches,
  };
}
