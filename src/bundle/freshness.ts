// When a document goes stale, one rule for the build (its warnings) and the Worker (the `stale`
// field of get and search results): past `reviewDays` whole days after the date it was last
// reviewed, or, never reviewed, after the date its file last changed in git. Dates are calendar
// days in UTC (YYYY-MM-DD); a document with neither date is never stale, since nothing says how
// old it is.

/** Days a document stays fresh when its front matter sets no `review_days`. */
export const DEFAULT_REVIEW_DAYS = 365;
/** The largest `review_days` the build accepts: ten years. */
export const MAX_REVIEW_DAYS = 3650;

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** What a document's freshness is computed from: the fields its entry carries. */
export interface FreshnessDates {
  reviewed?: string;
  lastChanged?: string;
  reviewDays?: number;
}

/** Milliseconds since 1970 of a real calendar date `YYYY-MM-DD` at 00:00 UTC, or undefined for anything else (2026-02-30 included). */
export function isoDateMs(text: string): number | undefined {
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  return date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
    ? ms
    : undefined;
}

/** `ms` as the UTC calendar date `YYYY-MM-DD`. */
export const isoDateOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * Whole days `dates` is past its review at `nowMs`: 0 or less while fresh (−3: three days left), and
 * undefined when neither date is known. `reviewed` wins over `lastChanged`: a small edit is not a review.
 */
export function daysPastReview(dates: FreshnessDates, nowMs: number): number | undefined {
  const since = dates.reviewed ?? dates.lastChanged;
  const sinceMs = since === undefined ? undefined : isoDateMs(since);
  if (sinceMs === undefined) return undefined;
  const elapsedDays = Math.floor((nowMs - sinceMs) / DAY_MS);
  return elapsedDays - (dates.reviewDays ?? DEFAULT_REVIEW_DAYS);
}
