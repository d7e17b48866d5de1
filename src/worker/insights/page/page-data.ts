// What the insights page shows, for one signed-in author: the report (report.ts) and the two series
// (series.ts), all computed under the author's own view of the current content version. Throws
// InvalidReportCursor for a cursor the report did not give.
import type { Principal } from '../../auth/principal.ts';
import { knowledgeView } from '../../mcp/knowledge-view.ts';
import type { LoadedBundle } from '../../content/loaded-bundle.ts';
import { insightsReport } from '../report.ts';
import { gapAsksPerDay, readsPerDay, visibleDocuments } from '../series.ts';
import type { PageInput, PeriodDays } from './render.ts';

export interface PageRequest {
  db: D1Database;
  bundle: LoadedBundle;
  principal: Principal;
  days: PeriodDays;
  cursor?: string;
  signedInAs: string;
  /** Epoch milliseconds: the period ends now. */
  now: number;
}

export async function pageInput(request: PageRequest): Promise<PageInput> {
  const { db, bundle, principal, days, cursor, now } = request;
  const view = knowledgeView(bundle, principal.groups);
  const report = await insightsReport({
    db,
    view,
    principal,
    since: now - days * 86_400_000,
    until: now,
    cursor,
  });
  // A cursor carries its own period: the charts follow the report's.
  const period = { since: Date.parse(report.since), until: Date.parse(report.until) };
  const [reads, asks] = await Promise.all([
    readsPerDay(
      db,
      period,
      visibleDocuments((kind) => view.documentNames(kind)),
    ),
    gapAsksPerDay(
      db,
      period,
      report.gaps.map((gap) => gap.terms),
    ),
  ]);
  return {
    report,
    readsPerDay: reads,
    gapAsksPerDay: asks,
    days,
    signedInAs: request.signedInAs,
    laterPage: cursor !== undefined,
  };
}
