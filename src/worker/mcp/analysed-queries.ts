// The analysis of a search tool's query: the one the request's plan made when the tool's query is the
// text the plan read, so a search analyses its query once per request; otherwise made here.
import type { SearchAhead } from '../content/bundle-needs.ts';
import { analyseQuery, type QueryTerms } from '../content/search/query-terms.ts';

export type AnalysedQueries = (query: string) => QueryTerms;

export function analysedQueries(searches: readonly SearchAhead[]): AnalysedQueries {
  return (query) => searches.find((search) => search.query === query)?.terms ?? analyseQuery(query);
}
