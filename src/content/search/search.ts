// Query time (inside a Worker isolate): pure JS, no Node APIs. Decodes only the query's postings.
import { decodeVarints, readDigit, readVarint, type Reader } from './codec.ts';
import { queryTermsOf } from './query-terms.ts';
import { topIds } from './top-hits.ts';
import { documentFrequencyAt, findPostings, type TermTable } from './term-table.ts';
import { BIGRAM_WEIGHT, EVIDENCE_SCALE, EXACT_WEIGHT, inverseDocumentFrequency } from './scoring.ts';
import type { SearchHit, SearchIndex, SearchOptions } from './types.ts';

/** What ranking needs besides postings: the document count and the id → position map. */
export type IndexHead = Pick<SearchIndex, 'documents' | 'order'>;

const DEFAULT_LIMIT = 50;

// `order` decoded once per parsed index object (the caller caches the parsed index per isolate).
const positionsCache = new WeakMap<IndexHead, number[]>();

function positionsOf(index: IndexHead): number[] {
  let positions = positionsCache.get(index);
  if (positions === undefined) positionsCache.set(index, (positions = decodeVarints(index.order)));
  return positions;
}

/** Adds `factor × evidence` of each posting at `start` into `scores`, listing ids on their first score. */
function accumulate(postings: string, start: number, factor: number, scores: Float64Array, touched: number[]): void {
  const reader: Reader = { text: postings, pos: start };
  const count = readVarint(reader);
  const scale = factor / EVIDENCE_SCALE;
  let id = -1;
  for (let i = 0; i < count; i++) {
    id += readVarint(reader) + 1;
    if (scores[id] === 0) touched.push(id);
    scores[id] = (scores[id] as number) + scale * readDigit(reader);
  }
}

/** Where a term's postings are: a term table and the offset in it, or null when no document has it. */
export type PostingsLookup = (term: string) => { table: TermTable; start: number } | null;

/**
 * Hits for `query`, best first. A score is the IDF-weighted share of the query the document
 * proves: 1 would be every term (and phrase, and typed form) saturated in both its name and
 * title. A document that answers only part of a query, or only in its body, scores lower — so
 * scores compare across queries instead of the best hit always being 1.
 */
export function searchIndex(index: SearchIndex, query: string, options: SearchOptions = {}): SearchHit[] {
  const lookup: PostingsLookup = (term) => {
    const start = findPostings(index, term);
    return start < 0 ? null : { table: index, start };
  };
  return rankQuery(index, lookup, query, options);
}

/** The ranking itself, over any term storage: one table (searchIndex) or the shards a query needed. */
export function rankQuery(head: IndexHead, lookup: PostingsLookup, query: string, options: SearchOptions = {}): SearchHit[] {
  const limit = Math.max(0, Math.floor(options.limit ?? DEFAULT_LIMIT));
  const { terms, bigrams, exact } = queryTermsOf(query);
  if (terms.length === 0 || limit === 0) return [];
  const n = head.documents;
  const scores = new Float64Array(n);
  const touched: number[] = [];
  let attainable = 0;
  for (const term of terms) {
    const found = lookup(term);
    const idf = inverseDocumentFrequency(found ? documentFrequencyAt(found.table, found.start) : 0, n);
    attainable += idf; // unknown terms count: a query half made of unknown words is half answered
    if (found) accumulate(found.table.postings, found.start, idf, scores, touched);
  }
  // Phrases and typed forms only count where some document has them: a pair no document uses as
  // a phrase is no phrase, and a spelling no name or title uses says nothing.
  const extras = [...bigrams.map((t) => [t, BIGRAM_WEIGHT] as const), ...exact.map((t) => [t, EXACT_WEIGHT] as const)];
  for (const [term, weight] of extras) {
    const found = lookup(term);
    if (!found) continue;
    const factor = weight * inverseDocumentFrequency(documentFrequencyAt(found.table, found.start), n);
    attainable += factor;
    accumulate(found.table.postings, found.start, factor, scores, touched);
  }
  // Ties break by internal id, which is the rank of the document's name.
  const positions = positionsOf(head);
  return topIds(touched, scores, limit).map((id) => ({
    doc: positions[id] as number,
    score: Math.min(1, (scores[id] as number) / attainable),
  }));
}
