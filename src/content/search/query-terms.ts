// What a query asks for: its distinct terms, and its distinct adjacent pairs (for phrase evidence).
import { exactTerms, tokenize } from './tokenize.ts';

export interface QueryTerms {
  terms: string[];
  bigrams: string[];
  /** The words as typed (unstemmed, "=" prefixed), for exact-form evidence. */
  exact: string[];
}

/**
 * A question is a sentence or two; beyond this the extra words cannot change the ranking much, but
 * each one costs shard reads and scoring — an unbounded query would be a cheap way to burn CPU.
 */
export const MAX_QUERY_CHARS = 1000;
export const MAX_QUERY_TERMS = 32;

export function queryTermsOf(query: string): QueryTerms {
  const bounded = query.slice(0, MAX_QUERY_CHARS);
  const sequence = tokenize(bounded).slice(0, MAX_QUERY_TERMS);
  const bigrams: string[] = [];
  for (let i = 0; i + 1 < sequence.length; i++) {
    const first = sequence[i] as string;
    const second = sequence[i + 1] as string;
    if (first !== second) bigrams.push(`${first} ${second}`);
  }
  return { terms: [...new Set(sequence)], bigrams: [...new Set(bigrams)], exact: [...new Set(exactTerms(bounded))].slice(0, MAX_QUERY_TERMS) };
}
