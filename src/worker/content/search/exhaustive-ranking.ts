// The reference ranking, not used in production: every posting of every query list decoded and
// summed into a score per document, then the best k taken — the ranking as it was before pruning
// (pruned-ranking.ts). Tests and the ranking bench hold the production ranking to it, hit for hit.
// It reads postings sequentially, past their skip data, and counts a restricted caller's document
// frequencies by reading whole lists, so it checks the stored audience counts too.
import type { Audience } from '../../../bundle/search/audiences.ts';
import { readDigit, readVarint, type Reader } from '../../../bundle/search/codec.ts';
import { countedAudiences, firstPairAt } from '../../../bundle/search/postings.ts';
import {
  BIGRAM_WEIGHT,
  EVIDENCE_SCALE,
  EXACT_WEIGHT,
  inverseDocumentFrequency,
} from '../../../bundle/search/scoring.ts';
import type { SearchHit, SearchOptions } from '../../../bundle/search/types.ts';
import type { QueryTerms } from './query-terms.ts';
import { limitOf, positionsOf, type IndexHead, type PostingsLookup } from './search.ts';
import { topIds } from './top-hits.ts';

/** `rankQuery`'s answer, computed exhaustively. */
export function rankExhaustive(
  head: IndexHead,
  lookup: PostingsLookup,
  query: QueryTerms,
  options: SearchOptions = {},
  audience: Audience | null = null,
): SearchHit[] {
  const limit = limitOf(options);
  const { terms, bigrams, exact } = query;
  if (terms.length === 0 || limit === 0) return [];
  const visible = audience?.visible ?? null;
  const n = audience?.documents ?? head.documents;
  const counted = countedAudiences(head.access);
  const scores = new Float64Array(head.documents);
  const touched: number[] = [];
  const frequency = (found: { table: { postings: string }; start: number } | null): number => {
    if (found === null) return 0;
    const { start } = found;
    const { postings } = found.table;
    const stored = readVarint({ text: postings, pos: start });
    return visible === null
      ? stored
      : visibleFrequency(postings, firstPairAt(postings, start, counted), stored, visible);
  };
  const sum = (postings: string, start: number, factor: number): void => {
    const reader: Reader = { text: postings, pos: firstPairAt(postings, start, counted) };
    const count = readVarint({ text: postings, pos: start });
    const scale = factor / EVIDENCE_SCALE;
    let id = -1;
    for (let i = 0; i < count; i++) {
      id += readVarint(reader) + 1;
      const digit = readDigit(reader);
      if (visible !== null && visible[id] === 0) continue;
      if (scores[id] === 0) touched.push(id);
      scores[id] = (scores[id] as number) + scale * digit;
    }
  };
  let attainable = 0;
  for (const term of terms) {
    const found = lookup(term);
    const df = frequency(found);
    const idf = inverseDocumentFrequency(df, n);
    attainable += idf;
    if (found && df > 0) sum(found.table.postings, found.start, idf);
  }
  const extras = [
    ...bigrams.map((t) => [t, BIGRAM_WEIGHT] as const),
    ...exact.map((t) => [t, EXACT_WEIGHT] as const),
  ];
  for (const [term, weight] of extras) {
    const found = lookup(term);
    const df = frequency(found);
    if (!found || df === 0) continue;
    const factor = weight * inverseDocumentFrequency(df, n);
    attainable += factor;
    sum(found.table.postings, found.start, factor);
  }
  const positions = positionsOf(head);
  return topIds(touched, scores, limit).map((id) => ({
    doc: positions ? (positions[id] as number) : id,
    score: Math.min(1, (scores[id] as number) / attainable),
  }));
}

/** How many of the `count` pairs from `first` are of documents in `visible`. */
function visibleFrequency(
  postings: string,
  first: number,
  count: number,
  visible: Uint8Array,
): number {
  const reader: Reader = { text: postings, pos: first };
  let id = -1;
  let seen = 0;
  for (let i = 0; i < count; i++) {
    id += readVarint(reader) + 1;
    reader.pos += 1; // the weight digit
    seen += visible[id] as number;
  }
  return seen;
}
