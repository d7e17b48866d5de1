// The build's warning for each document past its review date, at the `reviewed` line (else line 1),
// so an author sees in the build — and a pull request as a `::warning` annotation — what agents are
// told is stale.
import { DEFAULT_REVIEW_DAYS, daysPastReview } from '../../src/bundle/freshness.ts';
import type { BuildError } from './errors.ts';
import type { KeptDocument } from './parse-document.ts';

/** One warning per stale document at `nowMs`; `fileOf` gives the path a warning names. */
export function staleWarnings(
  documents: readonly KeptDocument[],
  nowMs: number,
  fileOf: (document: KeptDocument) => string,
): BuildError[] {
  const warnings: BuildError[] = [];
  for (const document of documents) {
    const overdue = daysPastReview(document, nowMs);
    if (overdue === undefined || overdue <= 0) continue;
    const since = document.reviewed
      ? `last reviewed ${document.reviewed}`
      : `last changed ${document.lastChanged}, no 'reviewed' date`;
    const owner = document.owner ? ` (owner: ${document.owner})` : '';
    warnings.push({
      file: fileOf(document),
      line: document.freshnessLine ?? 1,
      message: `stale: ${since}, ${overdue} day${overdue === 1 ? '' : 's'} past its ${document.reviewDays ?? DEFAULT_REVIEW_DAYS}-day review${owner}: check it and set 'reviewed: YYYY-MM-DD'`,
    });
  }
  return warnings;
}
