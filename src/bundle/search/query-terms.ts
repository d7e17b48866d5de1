// What a query asks for: its distinct terms, and its distinct adjacent pairs (for phrase evidence).
import { LruCache } from '../../shared/lru-cache.ts';
import { exactTerms, tokenize } from './tokenize.ts';

export interface QueryTerms {
  readonly terms: readonly string[];
  /** `terms` as a set, for matching words against them (snippets); one per cached query. */
  readonly termSet: ReadonlySet<string>;
  readonly bigrams: readonly string[];
  /** The words as typed (unstemmed, "=" prefixed), for exact-form evidence. */
  readonly exact: readonly string[];
}

/**
 * A question is a sentence or two; beyond this the extra words cannot change the ranking much, but
 * each one costs shard reads and scoring — an unbounded query would be a cheap way to burn CPU.
 */
export const MAX_QUERY_CHARS = 1000;
export const MAX_QUERY_TERMS = 32;

// One search analyses its query about fifty times over (shard choice, ranking, a snippet per
// result); stemming was a tenth of a search's CPU. Recent analyses are kept, frozen since shared.
const recent = new LruCache<string, QueryTerms>(64);

export function queryTermsOf(query: string): QueryTerms {
  const bounded = query.slice(0, MAX_QUERY_CHARS);
  let found = recent.get(bounded);
  if (found === undefined) recent.set(bounded, (found = analysed(bounded)), 1);
  return found;
}

function analysed(bounded: string): QueryTerms {
  const sequence = tokenize(bounded).slice(0, MAX_QUERY_TERMS);
  const bigrams: string[] = [];
  for (let i = 0; i + 1 < sequence.length; i++) {
    const first = sequence[i] as string;
    const second = sequence[i + 1] as string;
    if (first !== second) bigrams.push(`${first} ${second}`);
  }
  const terms = Object.freeze([...new Set(sequence)]);
  return Object.freeze({
    terms,
    termSet: new Set(terms),
    bigrams: Object.freeze([...new Set(bigrams)]),
    exact: Object.freeze([...new Set(exactTerms(bounded))].slice(0, MAX_QUERY_TERMS)),
  });
}
