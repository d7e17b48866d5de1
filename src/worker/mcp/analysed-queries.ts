// The analysis of a search tool's query: the one the request's plan made when the tool's query is the
// text the plan read, so a search analyses its query once per request; otherwise made here, once per
// server (one request), so the usage event read off the answer reuses the search's own analysis.
import type { SearchAhead } from '../content/bundle-needs.ts';
import { analyseQuery, type QueryTerms } from '../content/search/query-terms.ts';

export type AnalysedQueries = (query: string) => QueryTerms;

export function analysedQueries(searches: readonly SearchAhead[]): AnalysedQueries {
  const made = new Map<string, QueryTerms>();
  return (query) => {
    const ahead = searches.find((search) => search.query === query)?.terms;
    if (ahead) return ahead;
    let terms = made.get(query);
    if (!terms) made.set(query, (terms = analyseQuery(query)));
    return terms;
  };
}
