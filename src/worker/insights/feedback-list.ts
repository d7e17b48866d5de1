// The agents' reports an author is shown (the authors' report's `feedback`), under the author's own
// access, now: a report naming a document the author's view cannot see — restricted, or not in the
// current version at all — is left out entirely, in the database query itself, so it is never named,
// never counted and never takes a place of the limit. (Restricted and non-existent are treated alike:
// otherwise an author could name a document in a report of their own and learn from the listing
// whether it exists.) Reports naming no document are shown to every author.
import type { KnowledgeView } from '../mcp/knowledge-view.ts';
import type { DocumentRef, FeedbackEntry } from './insights-report.ts';
import { minuteIso } from './report-time.ts';
import { epochMinute } from './usage-events.ts';
import { visibleDocumentRefs } from './visible-documents.ts';

/** The most reports one listing returns. */
export const MAX_FEEDBACK_LISTED = 200;

const LISTED = `SELECT minute, category, document, problem FROM feedback
WHERE minute >= ?1 AND minute <= ?2
  AND (document IS NULL OR document IN (SELECT value FROM json_each(?3)))
ORDER BY minute DESC, id DESC
LIMIT ?4`;

interface ListedRow {
  minute: number;
  category: string;
  document: string | null;
  problem: string;
}

/**
 * Reports made from `since` to `until` (ms since the epoch; both minutes included), newest first,
 * at most `limit` (1 to MAX_FEEDBACK_LISTED). `view` must have every document kind's names loaded.
 */
export async function feedbackForAuthor(
  db: D1Database,
  view: KnowledgeView,
  since: number,
  until: number,
  limit: number,
): Promise<FeedbackEntry[]> {
  // By name: a report names no kind, and a name two kinds share is the first kind's.
  const visible = new Map<string, DocumentRef>();
  for (const ref of visibleDocumentRefs(view))
    if (!visible.has(ref.name)) visible.set(ref.name, ref);
  const bounded = Math.min(Math.max(Math.trunc(limit) || 1, 1), MAX_FEEDBACK_LISTED);
  const { results } = await db
    .prepare(LISTED)
    .bind(epochMinute(since), epochMinute(until), JSON.stringify([...visible.keys()]), bounded)
    .all<ListedRow>();
  return results.map((row) => {
    const document = row.document === null ? undefined : visible.get(row.document);
    return {
      at: minuteIso(row.minute),
      category: row.category,
      ...(document ? { document } : {}),
      problem: row.problem,
    };
  });
}
