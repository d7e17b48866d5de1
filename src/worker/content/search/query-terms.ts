// What a query asks for: its distinct terms, and its distinct adjacent pairs (for phrase evidence).
// A search analyses its query once — where the request is planned, or where the tool is called — and
// hands the analysis to everything after it: the choice of shards, the ranking, a snippet per result.
import { exactTerms, tokenize } from '../../../bundle/search/tokenize.ts';

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

/** The query's terms, pairs and typed forms, from its first MAX_QUERY_CHARS characters; frozen, since shared. */
export function analyseQuery(query: string): QueryTerms {
  const bounded = query.slice(0, MAX_QUERY_CHARS);
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
