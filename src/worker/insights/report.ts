// The insights report an author asks for (insights-report.ts): one page of gaps, what was read, what
// no one read — all computed under the author's own view, now. Two round trips to D1: the page's
// candidates and the reads in one batch, then the page's gap states noted in one batch (written by
// an author's request only, at most GAPS_PER_PAGE rows).
import type { Principal } from '../auth/principal.ts';
import type { KnowledgeView } from '../mcp/knowledge-view.ts';
import { accessKeyOf } from './access-key.ts';
import { gapCandidatesStatement, gapsPage, type GapCandidate } from './gaps.ts';
import type { InsightsReport } from './insights-report.ts';
import { readsLists, readsStatements } from './reads.ts';
import { decodeReportCursor, encodeReportCursor, type ReportPage } from './report-cursor.ts';
import { instantIso } from './report-time.ts';
import { epochMinute } from './usage-events.ts';

export { InvalidReportCursor } from './report-cursor.ts';

/**
 * The report for the period since–until (ms since the epoch), or the page `cursor` names (its period
 * then wins). Throws InvalidReportCursor for a cursor this report did not give.
 */
export async function insightsReport(request: {
  db: D1Database;
  view: KnowledgeView;
  principal: Principal;
  since: number;
  until: number;
  cursor?: string;
}): Promise<InsightsReport> {
  const { db, view, principal } = request;
  const page: ReportPage =
    request.cursor === undefined
      ? { since: request.since, until: request.until, offset: 0 }
      : decodeReportCursor(request.cursor);
  const period = { fromMinute: epochMinute(page.since), toMinute: epochMinute(page.until) };
  const [candidates, readRows, searchRows] = await db.batch<any>([
    gapCandidatesStatement(db, period, page.offset),
    ...readsStatements(db, period),
  ]);
  const gaps = await gapsPage({
    db,
    view,
    access: await accessKeyOf(principal.groups),
    rows: candidates!.results as GapCandidate[],
    offset: page.offset,
    nowMinute: epochMinute(Date.now()),
  });
  const { reads, neverRead } = readsLists(view, readRows!.results, searchRows!.results);
  return {
    since: instantIso(page.since),
    until: instantIso(page.until),
    version: view.bundle.pointer.version,
    gaps: gaps.gaps,
    ...(gaps.next === undefined
      ? {}
      : { gapsCursor: encodeReportCursor({ ...page, offset: gaps.next }) }),
    reads,
    neverRead,
    // Filled by the freshness and feedback parts.
    stale: [],
    feedback: [],
  };
}
