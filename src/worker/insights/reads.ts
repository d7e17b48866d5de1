// What was read in the period, per document the author may see: reads, distinct readers, searches
// that returned it and how many of those the same caller followed by reading it; and the documents
// the author may see that no one read. The stored events name documents under each caller's own
// access; every name the author's view may not see is dropped here, before anything is counted or
// listed, so a restricted document leaves no name, count or order behind.
import { documentKinds, documentToolName, documentToolNamed } from '../../bundle/kinds.ts';
import type { DocumentKind } from '../../bundle/kinds.ts';
import type { KnowledgeView } from '../mcp/knowledge-view.ts';
import type { DocumentReads, DocumentRef } from './insights-report.ts';
import { DOCUMENT_READS, DOCUMENT_SEARCHES } from './report-queries.ts';

/** A search followed by a read of one of its results within this many minutes is a conversion. */
export const CONVERSION_MINUTES = 30;
/** Each list names at most this many documents (most read first; never-read in entry order). */
export const MAX_LISTED_DOCUMENTS = 200;

/** The get tool each search tool's results are read with (bound as JSON into DOCUMENT_SEARCHES). */
const GET_TOOL_OF_SEARCH = JSON.stringify(
  Object.fromEntries(
    documentKinds.map((kind) => [documentToolName(kind, 'search'), documentToolName(kind, 'get')]),
  ),
);

export interface ReadsLists {
  reads: DocumentReads[];
  neverRead: DocumentRef[];
}

interface ReadRow {
  tool: string;
  name: string;
  reads: number;
  readers: number;
}

interface SearchRow {
  tool: string;
  name: string;
  searched: number;
  conversions: number;
}

/** The two statements, for one batch with the rest of the report's reads. */
export function readsStatements(
  db: D1Database,
  period: { fromMinute: number; toMinute: number },
): [D1PreparedStatement, D1PreparedStatement] {
  return [
    db.prepare(DOCUMENT_READS).bind(period.fromMinute, period.toMinute),
    db
      .prepare(DOCUMENT_SEARCHES)
      .bind(period.fromMinute, period.toMinute, CONVERSION_MINUTES, GET_TOOL_OF_SEARCH),
  ];
}

export function readsLists(
  view: KnowledgeView,
  readRows: readonly ReadRow[],
  searchRows: readonly SearchRow[],
): ReadsLists {
  const visible = visibleDocuments(view);
  const counted = new Map<string, DocumentReads>();
  const entryOf = (tool: string, name: unknown): DocumentReads | undefined => {
    const kind = documentToolNamed(tool)?.kind;
    if (kind === undefined || typeof name !== 'string') return undefined;
    const key = `${kind}\u0000${name}`;
    const ref = visible.get(key);
    if (!ref) return undefined;
    let entry = counted.get(key);
    if (!entry)
      counted.set(key, (entry = { ...ref, reads: 0, readers: 0, searchedInto: 0, conversions: 0 }));
    return entry;
  };
  for (const row of readRows) {
    const entry = entryOf(row.tool, row.name);
    if (entry) {
      entry.reads += row.reads;
      entry.readers += row.readers;
    }
  }
  for (const row of searchRows) {
    const entry = entryOf(row.tool, row.name);
    if (entry) {
      entry.searchedInto += row.searched;
      entry.conversions += row.conversions;
    }
  }
  const reads = [...counted.values()]
    .sort(
      (a, b) =>
        b.reads - a.reads ||
        b.readers - a.readers ||
        b.searchedInto - a.searchedInto ||
        a.kind.localeCompare(b.kind) ||
        a.name.localeCompare(b.name),
    )
    .slice(0, MAX_LISTED_DOCUMENTS);
  const neverRead = [...visible]
    .filter(([key]) => !(counted.get(key)?.reads ?? 0))
    .map(([, ref]) => ref)
    .slice(0, MAX_LISTED_DOCUMENTS);
  return { reads, neverRead };
}

/** The documents the view may see, by kind and name, in kind and entry order. */
function visibleDocuments(view: KnowledgeView): Map<string, DocumentRef> {
  const visible = new Map<string, DocumentRef>();
  for (const kind of documentKinds as DocumentKind[])
    for (const ref of view.bundle.documents(kind))
      if (view.canSee(ref))
        visible.set(`${kind}\u0000${ref.name}`, { kind, name: ref.name, title: ref.title });
  return visible;
}
