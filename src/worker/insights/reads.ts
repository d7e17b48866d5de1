// What was read in the period, per document the author may see: reads, distinct readers and how many
// of those reads came straight after a search by the same caller; and the documents the author may
// see that no one read. Get events name the document read, a fact of the read and not of anyone's
// ranking; every name the author's view may not see is dropped here, before anything is counted or
// listed, so a restricted document leaves no name, count or order behind. (Which documents a search
// returned is not used: it was ranked under the asker's access, where restricted documents take
// places.)
import { documentKinds, documentToolName, documentToolNamed } from '../../bundle/kinds.ts';
import type { KnowledgeView } from '../mcp/knowledge-view.ts';
import type { DocumentReads, DocumentRef } from './insights-report.ts';
import { DOCUMENT_READS } from './report-queries.ts';
import { visibleDocumentRefs } from './visible-documents.ts';

/** A read this many minutes or fewer after a search of its kind by the same caller is a conversion. */
export const CONVERSION_MINUTES = 30;
/** Each list names at most this many documents (most read first; never-read in entry order). */
export const MAX_LISTED_DOCUMENTS = 200;

/** The search tool of each get tool's kind (bound as JSON into DOCUMENT_READS). */
const SEARCH_TOOL_OF_GET = JSON.stringify(
  Object.fromEntries(
    documentKinds.map((kind) => [documentToolName(kind, 'get'), documentToolName(kind, 'search')]),
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
  conversions: number;
}

/** The statement, for one batch with the rest of the report's reads. */
export function readsStatement(
  db: D1Database,
  period: { fromMinute: number; toMinute: number },
): D1PreparedStatement {
  return db
    .prepare(DOCUMENT_READS)
    .bind(period.fromMinute, period.toMinute, CONVERSION_MINUTES, SEARCH_TOOL_OF_GET);
}

export function readsLists(view: KnowledgeView, readRows: readonly ReadRow[]): ReadsLists {
  const visible = new Map<string, DocumentRef>(
    visibleDocumentRefs(view).map((ref) => [`${ref.kind}\u0000${ref.name}`, ref]),
  );
  const counted = new Map<string, DocumentReads>();
  for (const row of readRows) {
    const kind = documentToolNamed(row.tool)?.kind;
    if (kind === undefined || typeof row.name !== 'string') continue;
    const key = `${kind}\u0000${row.name}`;
    const ref = visible.get(key);
    if (!ref) continue;
    let entry = counted.get(key);
    if (!entry) counted.set(key, (entry = { ...ref, reads: 0, readers: 0, conversions: 0 }));
    entry.reads += row.reads;
    entry.readers += row.readers;
    entry.conversions += row.conversions;
  }
  const reads = [...counted.values()]
    .sort(
      (a, b) =>
        b.reads - a.reads ||
        b.readers - a.readers ||
        b.conversions - a.conversions ||
        a.kind.localeCompare(b.kind) ||
        a.name.localeCompare(b.name),
    )
    .slice(0, MAX_LISTED_DOCUMENTS);
  const neverRead = [...visible]
    .filter(([key]) => !counted.has(key))
    .map(([, ref]) => ref)
    .slice(0, MAX_LISTED_DOCUMENTS);
  return { reads, neverRead };
}
