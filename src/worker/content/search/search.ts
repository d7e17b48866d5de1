// Query time (inside a Worker isolate): pure JS, no Node APIs. Decodes only the query's postings.
import { audienceOf, sameAverages, type Audience } from '../../../bundle/search/audiences.ts';
import { decodeVarints, readVarint, type Reader } from '../../../bundle/search/codec.ts';
import { countedAudiences, type SkipData } from '../../../bundle/search/postings.ts';
import { cachedSkipData } from './skip-data-cache.ts';
import type { QueryTerms } from './query-terms.ts';
import { rankPruned, type ScoredList } from './pruned-ranking.ts';
import { findPostings, type TermTable } from '../../../bundle/search/term-table.ts';
import {
  BIGRAM_WEIGHT,
  EVIDENCE_SCALE,
  EXACT_WEIGHT,
  inverseDocumentFrequency,
} from '../../../bundle/search/scoring.ts';
import type {
  AccessStatistics,
  SearchHit,
  SearchIndex,
  SearchOptions,
} from '../../../bundle/search/types.ts';

/**
 * What ranking needs besides postings: the document count, the id → position map and the access
 * statistics (which say whether long lists count audiences).
 */
export type IndexHead = Pick<SearchIndex, 'documents' | 'order' | 'access'>;

const DEFAULT_LIMIT = 50;

// `order` decoded once per parsed index object (the caller caches the parsed index per isolate).
const positionsCache = new WeakMap<IndexHead, number[]>();

/** Each internal id's position in the documents the index was built from; null when they are the same (no `order`). */
export function positionsOf(index: IndexHead): number[] | null {
  if (index.order === undefined) return null;
  let positions = positionsCache.get(index);
  if (positions === undefined) positionsCache.set(index, (positions = decodeVarints(index.order)));
  return positions;
}

/**
 * The term storage answering a caller: the stored one when they see every document or their
 * documents' averages are the stored ones, else the table weighted with their averages. The build
 * makes one for every combination of groups, so a missing one means a damaged or foreign index.
 */
export function weightedFor<T extends { averages: number[] }>(
  stats: AccessStatistics | undefined,
  audience: Audience | null,
  variants: readonly T[] | undefined,
): T | null {
  if (audience === null || sameAverages(audience.averages, stats!.averages)) return null;
  const found = variants?.find((variant) => sameAverages(variant.averages, audience.averages));
  if (!found)
    throw new Error(
      "the search index has no postings weighted for this caller's documents: it was built by another version of Praxis; rebuild and publish",
    );
  return found;
}

/** The error for a stored index of a format this Worker does not read (another version's build). */
export const unreadableFormat = (format: unknown): Error =>
  new Error(
    `search index format '${String(format)}' is not one this Worker reads: deploy the Worker that matches the build`,
  );

/** Where a term's postings are: a term table and the offset in it, or null when no document has it. */
export type PostingsLookup = (term: string) => { table: TermTable; start: number } | null;

/** The lookup of a single term table: every term's postings are in it. */
export function tableLookup(table: TermTable): PostingsLookup {
  return (term) => {
    const start = findPostings(table, term);
    return start < 0 ? null : { table, start };
  };
}

/**
 * Hits for `query`, best first. A score is the IDF-weighted share of the query the document
 * proves: 1 would be every term (and phrase, and typed form) saturated in both its name and
 * title. A document that answers only part of a query, or only in its body, scores lower — so
 * scores compare across queries instead of the best hit always being 1.
 */
export function searchIndex(
  index: SearchIndex,
  query: QueryTerms,
  options: SearchOptions = {},
): SearchHit[] {
  if (index.format !== 'praxis-search/5') throw unreadableFormat(index.format);
  const audience = audienceOf(index.access, options.canSee);
  if (audience !== null && audience.documents === 0) return [];
  const table: TermTable = weightedFor(index.access, audience, index.variants) ?? index;
  return rankQuery(index, tableLookup(table), query, options, audience);
}

/**
 * The ranking itself, over any term storage: one table (searchIndex) or the shards a query needed.
 * With an audience, only its documents exist: they alone are scored and counted (document count,
 * frequencies), and `lookup` must give postings weighted with its averages (`weightedFor`).
 */
export function rankQuery(
  head: IndexHead,
  lookup: PostingsLookup,
  query: QueryTerms,
  options: SearchOptions = {},
  audience: Audience | null = null,
): SearchHit[] {
  const limit = limitOf(options);
  if (query.terms.length === 0 || limit === 0) return [];
  const { lists, attainable } = scoredListsOf(head, lookup, query, audience);
  // Ties break by internal id, which is the rank of the document's name.
  const positions = positionsOf(head);
  return rankPruned(lists, limit, audience?.visible ?? null).map(({ id, score }) => ({
    doc: positions ? (positions[id] as number) : id,
    score: Math.min(1, score / attainable),
  }));
}

/** The number of hits asked for: the limit, or 50. */
export const limitOf = (options: SearchOptions): number =>
  Math.max(0, Math.floor(options.limit ?? DEFAULT_LIMIT));

/**
 * The lists a query sums, in the order it sums them (terms, phrases, typed forms), and `attainable`,
 * the score of a document proving all of it (the normaliser). A term no document of the caller has
 * is not summed but still counts in `attainable`; a phrase or typed form no document has counts in
 * neither. With an audience, document frequencies and the document count are its documents'.
 */
export function scoredListsOf(
  head: IndexHead,
  lookup: PostingsLookup,
  query: Pick<QueryTerms, 'terms' | 'bigrams' | 'exact'>,
  audience: Audience | null,
): { lists: ScoredList[]; attainable: number } {
  const n = audience?.documents ?? head.documents;
  const counted = countedAudiences(head.access);
  const lists: ScoredList[] = [];
  let attainable = 0;
  const add = (term: string, weight: number, always: boolean): void => {
    const found = lookup(term);
    const skip = found && cachedSkipData(found.table, found.start, counted);
    const df = found === null ? 0 : frequencyOf(found.table.postings, found.start, skip, audience);
    if (df === 0 && !always) return;
    const factor = weight * inverseDocumentFrequency(df, n);
    attainable += factor; // unknown terms count: a query half made of unknown words is half answered
    if (found && df > 0)
      lists.push({
        postings: found.table.postings,
        start: found.start,
        skip,
        scale: factor / EVIDENCE_SCALE,
      });
  };
  for (const term of query.terms) add(term, 1, true);
  // Phrases and typed forms only count where some document has them: a pair no document uses as
  // a phrase is no phrase, and a spelling no name or title uses says nothing.
  for (const term of query.bigrams) add(term, BIGRAM_WEIGHT, false);
  for (const term of query.exact) add(term, EXACT_WEIGHT, false);
  return { lists, attainable };
}

/**
 * The caller's document frequency of the list at `start`: the stored one when it sees everything;
 * else the sum of its audiences' stored counts, or — for a short list, or an index with too many
 * audiences to count — how many of the list's documents it sees.
 */
function frequencyOf(
  postings: string,
  start: number,
  skip: SkipData | null,
  audience: Audience | null,
): number {
  if (audience === null) return skip?.documents ?? readVarint({ text: postings, pos: start });
  if (skip !== null && skip.audienceCounts.length > 0) {
    let seen = 0;
    skip.audienceCounts.forEach((count, a) => {
      if (audience.seen[a]) seen += count;
    });
    return seen;
  }
  const reader: Reader = { text: postings, pos: skip?.start[0] ?? start };
  const count = skip?.documents ?? readVarint(reader);
  let id = -1;
  let seen = 0;
  for (let i = 0; i < count; i++) {
    id += readVarint(reader) + 1;
    reader.pos += 1; // the weight digit
    seen += audience.visible[id] as number;
  }
  return seen;
}
