// The public shapes of the search module.

/** A document as the ranker sees it; `body` is Markdown without front matter. */
export interface IndexableDoc {
  name: string;
  title: string;
  description: string;
  body: string;
  /** Groups allowed to see the document (absent: everyone), as its entry has them. */
  access?: readonly string[];
}

/**
 * What ranking needs to answer a caller who may not see every document exactly as an index built
 * from only the documents they see would: document frequencies, the document count and the field
 * length averages (which weight every posting) must all come from their documents alone. Present
 * only in indexes with restricted documents.
 */
export interface AccessStatistics {
  /** The field-length averages the index's own postings were weighted with: those of all documents. */
  averages: number[];
  /**
   * Each distinct `access` list among the documents (absent: public), with how many documents have
   * it and their summed field lengths (FIELDS order): a caller's averages are summed from these.
   */
  audiences: Array<{ access?: string[]; documents: number; lengths: number[] }>;
  /** The audience (position in `audiences`) of each internal id, varint-encoded. */
  audienceOf: string;
}

/** A term table whose postings are weighted with other averages: those some callers' documents have. */
export interface WeightedTable {
  averages: number[];
  terms: string;
  postings: string;
}

/**
 * The serialised index: plain JSON of a few long strings, built once at build time and parsed
 * once per isolate. Internal document ids are ranks in name order (so ties break by name for
 * free); `order` maps them back to positions in the array given to `buildSearchIndex` (when those
 * differ). A term's postings are its document frequency, then (id gap, weight) pairs whose weight
 * already folds in the field-weighted evidence, so a query only decodes and sums; lists longer than
 * a block carry skip data so a query can bound and skip (postings.ts). Format 3: blocked postings
 * (1 had none).
 */
export interface SearchIndex {
  format: 'praxis-search/5';
  /** Number of documents indexed. */
  documents: number;
  /**
   * Varint-encoded original position of each internal id; absent when that is the identity (the
   * documents were given in name order, as both builds give them), so a head does not grow by a
   * few bytes per document to say nothing.
   */
  order?: string;
  /**
   * Every term (and "term term" bigram, "=word" exact form) with where its postings start, as
   * "term:offset;…" sorted in code-unit order (offsets varint-encoded).
   */
  terms: string;
  /** Each term's encoded postings, concatenated. */
  postings: string;
  /** Present when some documents are restricted. */
  access?: AccessStatistics;
  /** The same terms weighted for each other set of averages a caller's documents can have. */
  variants?: WeightedTable[];
}

/** `doc` is the position in the array given to `buildSearchIndex`; `score` is in (0, 1]. */
export interface SearchHit {
  doc: number;
  score: number;
}

export interface SearchOptions {
  /** Maximum hits returned; default 50 (the search tool's contract). */
  limit?: number;
  /**
   * Whether the caller may see a document with this `access` (KnowledgeView.canSee). Without it
   * the caller sees every document. With it, hidden documents are neither returned nor counted:
   * hits and scores are those of an index built without them. Pass the same function for the
   * same caller: what it implies is computed once per function and index.
   */
  canSee?: (entry: { access?: readonly string[] }) => boolean;
}
