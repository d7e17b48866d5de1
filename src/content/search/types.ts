// The public shapes of the search module.

/** A document as the ranker sees it; `body` is Markdown without front matter. */
export interface IndexableDoc {
  name: string;
  title: string;
  description: string;
  body: string;
}

/**
 * The serialised index: plain JSON of a few long strings, built once at build time and parsed
 * once per isolate. Internal document ids are ranks in name order (so ties break by name for
 * free); `order` maps them back to positions in the array given to `buildSearchIndex`. A term's
 * postings are its document frequency, then (id gap, weight) pairs whose weight already folds in
 * the field-weighted evidence, so a query only decodes and sums.
 */
export interface SearchIndex {
  format: 'praxis-search/1';
  /** Number of documents indexed. */
  documents: number;
  /** Varint-encoded original position of each internal id. */
  order: string;
  /**
   * Every term (and "term term" bigram, "=word" exact form) with where its postings start, as
   * "term:offset;…" sorted in code-unit order (offsets varint-encoded).
   */
  terms: string;
  /** Each term's encoded postings, concatenated. */
  postings: string;
}

/** `doc` is the position in the array given to `buildSearchIndex`; `score` is in (0, 1]. */
export interface SearchHit {
  doc: number;
  score: number;
}

export interface SearchOptions {
  /** Maximum hits returned; default 50 (the search tool's contract). */
  limit?: number;
}
