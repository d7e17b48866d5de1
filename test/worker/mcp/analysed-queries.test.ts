// A search tool's query is analysed once per request: the plan's analysis is the one the tool uses
// when the tool's query is the text the plan read.
import { describe, expect, it } from 'vitest';
import { analysedQueries } from '../../../src/worker/mcp/analysed-queries.ts';
import { requestPlan } from '../../../src/worker/http/plan/request-plan.ts';
import { analyseQuery } from '../../../src/worker/content/search/query-terms.ts';

const searchCall = (query: string) => ({
  value: {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'search_processes', arguments: { query } },
  },
});

describe('the analysis a search tool uses', () => {
  it('is the plan’s own for the query the plan read', () => {
    const { searches } = requestPlan(searchCall('Code reviews, please')).needs;
    const analysed = analysedQueries(searches);
    expect(analysed('Code reviews, please')).toBe(searches[0]!.terms);
  });

  it('is made afresh, and the same, for a query the plan did not read', () => {
    const analysed = analysedQueries(requestPlan(searchCall('deploy')).needs.searches);
    const other = analysed('rollback plan');
    expect(other).toEqual(analyseQuery('rollback plan'));
    expect(Object.isFrozen(other)).toBe(true);
  });
});
