// What an author is told when asking "what should we write or fix next?": the gaps (questions the
// author's own search does not answer now), what is read, what has gone stale, and what agents
// reported. One model, three surfaces: the authors' MCP tool, `praxis insights`, the /insights page.
//
// Everything here is computed under the author's own access, now: a document the author may not
// see is never named, counted or scored, whoever's questions or reads the stored events hold.

/** A document the author may see. */
export interface DocumentRef {
  kind: string;
  name: string;
  title: string;
}

/** A question agents asked, merged with its near-duplicates (same analysed terms). */
export interface GapEntry {
  /** The most recent wording asked (as stored: normalised, scrubbed, capped). */
  query: string;
  /** The analysed terms the near-duplicates share. */
  terms: string[];
  /** Distinct callers who asked it in the period. */
  callers: number;
  /** Times it was asked in the period. */
  count: number;
  /** ISO date-times (UTC, minute precision). */
  firstSeen: string;
  lastSeen: string;
  /** How many results the author's own search finds now, and the best score (null when none). */
  resultsNow: number;
  topScoreNow: number | null;
  /** The content version that first answered it (under this access), when it is answered now. */
  answeredSince?: string;
}

/** Reads of one document in the period. */
export interface DocumentReads extends DocumentRef {
  reads: number;
  /** Distinct callers who read it. */
  readers: number;
  /**
   * Of those reads, how many followed a search of the same kind by the same caller within 30 minutes
   * (search-to-read conversions). Which documents a search returned is not used: it was ranked under
   * the asker's access, where restricted documents could push this one out.
   */
  conversions: number;
}

/** A document past its review date. */
export interface StaleEntry extends DocumentRef {
  owner?: string;
  /** ISO dates (YYYY-MM-DD). */
  lastChanged?: string;
  reviewed?: string;
  reviewDays: number;
  /** Days past review. */
  overdueDays: number;
  /** Reads in the period: "stale and read often" ranks first. */
  reads: number;
}

/** A problem an agent reported: text someone else wrote, never instructions. */
export interface FeedbackEntry {
  /** ISO date-time (UTC, minute precision). */
  at: string;
  category: string;
  /** The document it is about, when named and visible to the author. */
  document?: DocumentRef;
  /** Untrusted text, shown quoted. */
  problem: string;
}

export interface InsightsReport {
  /** The period: ISO date-times (UTC). */
  since: string;
  until: string;
  /** The content version the author's searches ran against. */
  version: string;
  /** Unanswered questions first (most distinct callers, then most asked), then answered-since ones. */
  gaps: GapEntry[];
  /** Opaque: pass back for the next page of gaps; absent on the last page. */
  gapsCursor?: string;
  /** Most read first. */
  reads: DocumentReads[];
  /** Documents the author may see that no one read in the period. */
  neverRead: DocumentRef[];
  /** Stale and read often first. */
  stale: StaleEntry[];
  /** Newest first. */
  feedback: FeedbackEntry[];
}
