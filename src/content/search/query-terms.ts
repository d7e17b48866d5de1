// What a query asks for: its distinct terms, and its distinct adjacent pairs (for phrase evidence).
import { exactTerms, tokenize } from './tokenize.ts';

export interface QueryTerms {
  terms: string[];
  bigrams: string[];
  /** The words as typed (unstemmed, "=" prefixed), for exact-form evidence. */
  exact: string[];
}

export function queryTermsOf(query: string): QueryTerms {
  const sequence = tokenize(query);
  const bigrams: string[] = [];
  for (let i = 0; i + 1 < sequence.length; i++) {
    const first = sequence[i] as string;
    const second = sequence[i + 1] as string;
    if (first !== second) bigrams.push(`${first} ${second}`);
  }
  return { terms: [...new Set(sequence)], bigrams: [...new Set(bigrams)], exact: [...new Set(exactTerms(query))] };
}
