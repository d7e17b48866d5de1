// The key near-duplicate questions share: a search's analysed terms, sorted, distinct, joined by
// single spaces ("how do we roll back a deploy?" and "Rolling back deploys" are both "back deploi
// roll"). It is made from the analysis the search already ran (the request's plan made it), so
// recording costs a sort of a few words; only a query whose stored text differs from what was
// analysed — a token-like string scrubbed out, or cut at the stored length — is analysed again, from
// the stored text, so the key never holds a word the stored query does not.
import { analyseQuery } from '../content/search/query-terms.ts';
import { MAX_QUERY_CHARS, REDACTED } from './query-text.ts';

/** The key of these terms; null when there are none (a query of stop words only). */
export function termsKeyOf(terms: readonly string[]): string | null {
  if (!terms.length) return null;
  return [...new Set(terms)].sort().join(' ');
}

/**
 * The key a usage event stores for a search: from `analysed` (the terms of `asked`, as the search
 * ran) when the stored query is `asked` normalised; else from the stored query itself.
 */
export function storedTermsKey(
  asked: string,
  stored: string,
  analysed: readonly string[],
): string | null {
  const altered = stored.includes(REDACTED) || asked.length > MAX_QUERY_CHARS;
  return termsKeyOf(altered ? analyseQuery(stored).terms : analysed);
}
