// The gaps list: one page of the questions asked in the period (merged by their terms key, most
// distinct callers first), each re-run now as the author's own search. A question the author's search
// does not answer (no result, or the best below WEAK_SCORE) is a gap; one it answers now but did not
// when a report last looked under this access is "answered since" the version that first answered
// it. Whether a question is a gap is never read from the stored event: that was counted under the
// asker's access, which may hold documents the author may not see.
import type { GapEntry } from './insights-report.ts';
import { answerNow, isAnswered } from './question-now.ts';
import { GAP_CANDIDATES, NOTE_ANSWERED, NOTE_UNANSWERED } from './report-queries.ts';
import { minuteIso } from './report-time.ts';
import type { KnowledgeView } from '../mcp/knowledge-view.ts';

/**
 * Questions re-run per page. Each is one search per document kind, so a page is this many times
 * two rankings; at 20 a page stays well inside a Worker request's CPU (docs/insights.md#gaps).
 */
export const GAPS_PER_PAGE = 20;

export interface GapsPage {
  gaps: GapEntry[];
  /** The offset of the next page, when candidates remain after this one. */
  next?: number;
}

export interface GapCandidate {
  terms: string;
  count: number;
  callers: number;
  first_minute: number;
  last_minute: number;
  query: string | null;
}

/** The page's candidates (one more than a page, to know whether another follows), for one batch with the report's other reads. */
export const gapCandidatesStatement = (
  db: D1Database,
  period: { fromMinute: number; toMinute: number },
  offset: number,
): D1PreparedStatement =>
  db.prepare(GAP_CANDIDATES).bind(period.fromMinute, period.toMinute, GAPS_PER_PAGE + 1, offset);

export async function gapsPage(request: {
  db: D1Database;
  view: KnowledgeView;
  /** accessKeyOf the author's groups. */
  access: string;
  /** What gapCandidatesStatement returned. */
  rows: readonly GapCandidate[];
  offset: number;
  /** The minute the report runs (gap states remember when they were checked). */
  nowMinute: number;
}): Promise<GapsPage> {
  const { db, view, access, rows, offset, nowMinute } = request;
  const candidates = rows.slice(0, GAPS_PER_PAGE);
  const version = view.bundle.pointer.version;
  const checked = [];
  for (const candidate of candidates) {
    const query = candidate.query ?? candidate.terms;
    checked.push({ candidate, query, now: await answerNow(view, query) });
  }
  // One round trip notes every question's state and reads back the version that answered it.
  const noted = checked.length
    ? await db.batch<{ answered_version: string | null }>(
        checked.map(({ candidate, now }) =>
          isAnswered(now)
            ? db.prepare(NOTE_ANSWERED).bind(access, candidate.terms, nowMinute, version)
            : db.prepare(NOTE_UNANSWERED).bind(access, candidate.terms, nowMinute),
        ),
      )
    : [];
  const unanswered: GapEntry[] = [];
  const answeredSince: GapEntry[] = [];
  checked.forEach(({ candidate, query, now }, i) => {
    const entry: GapEntry = {
      query,
      terms: candidate.terms.split(' '),
      callers: candidate.callers,
      count: candidate.count,
      firstSeen: minuteIso(candidate.first_minute),
      lastSeen: minuteIso(candidate.last_minute),
      resultsNow: now.results,
      topScoreNow: now.topScore,
    };
    if (!isAnswered(now)) unanswered.push(entry);
    else {
      const since = noted[i]?.results[0]?.answered_version;
      if (since) answeredSince.push({ ...entry, answeredSince: since });
    }
  });
  const gaps = [...unanswered, ...answeredSince];
  return rows.length > GAPS_PER_PAGE ? { gaps, next: offset + GAPS_PER_PAGE } : { gaps };
}
