// A document's freshness at request time, from the dates its entry carries (`src/bundle/freshness.ts`
// holds the rule the build shares): who keeps it, when it last changed and was reviewed, and whether
// it is stale now. The search and get tools report it, and the insights report ranks stale documents
// by how often they are read.
import type { DocumentEntry } from '../../bundle/bundle.ts';
import { DEFAULT_REVIEW_DAYS, daysPastReview } from '../../bundle/freshness.ts';

export interface Freshness {
  owner?: string;
  /** YYYY-MM-DD (UTC). */
  lastChanged?: string;
  reviewed?: string;
  /** The document's `review_days`, else DEFAULT_REVIEW_DAYS. */
  reviewDays: number;
  /** Past its review at `nowMs`; never when neither date is known. */
  stale: boolean;
  /** Whole days past review: 0 unless stale. */
  overdueDays: number;
}

/** `document`'s freshness at `nowMs` (ms since 1970; the Worker passes Date.now()). */
export function freshnessOf(
  document: Pick<DocumentEntry, 'owner' | 'lastChanged' | 'reviewed' | 'reviewDays'>,
  nowMs: number,
): Freshness {
  const past = daysPastReview(document, nowMs) ?? 0;
  return {
    ...(document.owner ? { owner: document.owner } : {}),
    ...(document.lastChanged ? { lastChanged: document.lastChanged } : {}),
    ...(document.reviewed ? { reviewed: document.reviewed } : {}),
    reviewDays: document.reviewDays ?? DEFAULT_REVIEW_DAYS,
    stale: past > 0,
    overdueDays: Math.max(0, past),
  };
}
