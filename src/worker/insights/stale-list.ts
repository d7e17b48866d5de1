// The report's stale documents: of the documents read in the period (all visible to the author, as
// the reads list is), those past their review date now (src/worker/content/freshness.ts), most read
// first — a stale process agents keep reading misleads them today. Only read documents' entries are
// fetched (one chunk read per chunk they sit in, at most MAX_LISTED_DOCUMENTS documents), so the cost
// follows what was read, not the corpus; every stale document, read or not, is in `praxis build`'s
// warnings.
import type { DocumentKind } from '../../bundle/kinds.ts';
import { freshnessOf } from '../content/freshness.ts';
import type { KnowledgeView } from '../mcp/knowledge-view.ts';
import type { DocumentReads, StaleEntry } from './insights-report.ts';

export async function staleList(
  view: KnowledgeView,
  reads: readonly DocumentReads[],
  nowMs: number,
): Promise<StaleEntry[]> {
  const byKind = new Map<DocumentKind, DocumentReads[]>();
  for (const read of reads) {
    const kind = read.kind as DocumentKind;
    byKind.set(kind, [...(byKind.get(kind) ?? []), read]);
  }
  const stale: StaleEntry[] = [];
  for (const [kind, kindReads] of byKind) {
    const directory = view.bundle.directory(kind);
    const found = kindReads.flatMap((read) => {
      const position = directory.positionOf(read.name);
      return position === undefined ? [] : [{ read, position }];
    });
    const entries = await directory.entriesAt(found.map(({ position }) => position));
    entries.forEach((entry, i) => {
      const { read } = found[i]!;
      const freshness = freshnessOf(entry, nowMs);
      if (!freshness.stale) return;
      stale.push({
        kind: read.kind,
        name: read.name,
        title: read.title,
        ...(freshness.owner ? { owner: freshness.owner } : {}),
        ...(freshness.lastChanged ? { lastChanged: freshness.lastChanged } : {}),
        ...(freshness.reviewed ? { reviewed: freshness.reviewed } : {}),
        reviewDays: freshness.reviewDays,
        overdueDays: freshness.overdueDays,
        reads: read.reads,
      });
    });
  }
  return stale.sort(
    (a, b) =>
      b.reads - a.reads ||
      b.overdueDays - a.overdueDays ||
      a.kind.localeCompare(b.kind) ||
      a.name.localeCompare(b.name),
  );
}
