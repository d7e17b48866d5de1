// The term shards a query reads: those holding its terms, phrases and typed forms (shardOf, the rule
// the build stored them by).
import { shardOf } from '../../../bundle/search/shards.ts';
import type { QueryTerms } from './query-terms.ts';

/** The shards holding a query's terms, phrases and typed forms, each once. */
export function shardsOfQuery(query: QueryTerms, shardCount: number): number[] {
  const { terms, bigrams, exact } = query;
  return [...new Set([...terms, ...bigrams, ...exact].map((term) => shardOf(term, shardCount)))];
}
