// Which searches a /mcp body announces, so a version loaded for the request reads their shards in
// its first bulk read: only well-formed search tool calls count, whatever else the body holds.
import { describe, expect, it } from 'vitest';
import { requestPlan } from '../../../../src/worker/http/plan/request-plan.ts';
import type { JsonBody } from '../../../../src/worker/http/json-body.ts';
import { analyseQuery } from '../../../../src/worker/content/search/query-terms.ts';
import { MAX_SEARCHES_AHEAD } from '../../../../src/worker/content/bundle-needs.ts';

const searchesIn = (body: JsonBody) => requestPlan(body).needs.searches;

const call = (name: unknown, args: unknown) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('searches a request announces', () => {
  it('are its search tool calls, single or batched, with their kind and query, analysed', () => {
    expect(searchesIn({ value: call('search_processes', { query: 'code review' }) })).toEqual([
      { kind: 'processes', query: 'code review', terms: analyseQuery('code review') },
    ]);
    expect(
      searchesIn({
        value: [
          call('search_checklists', { query: 'release' }),
          call('get_process', { name: 'x' }),
          call('search_processes', { query: 'deploy', limit: 5 }),
        ],
      }),
    ).toEqual([
      { kind: 'checklists', query: 'release', terms: analyseQuery('release') },
      { kind: 'processes', query: 'deploy', terms: analyseQuery('deploy') },
    ]);
  });

  it('are at most the first few, however many the body holds: each is analysed before the caps refuse the batch', () => {
    const value = Array.from({ length: 256 }, (_, i) =>
      call('search_processes', { query: `deploy rollback ${i}` }),
    );
    const searches = searchesIn({ value });
    expect(searches.map((search) => search.query)).toEqual(
      Array.from({ length: MAX_SEARCHES_AHEAD }, (_, i) => `deploy rollback ${i}`),
    );
  });

  it('are none for other methods, other tools, or arguments that are not a query string', () => {
    for (const value of [
      null,
      'text',
      42,
      [],
      { method: 'tools/list' },
      { method: 'prompts/get', params: { name: 'search_processes', arguments: { query: 'x' } } },
      call('search_templates', { query: 'x' }),
      call('__proto__', { query: 'x' }),
      call('search_processes', { query: 7 }),
      call('search_processes', { query: '' }),
      call('search_processes', null),
      call(['search_processes'], { query: 'x' }),
    ]) {
      expect(searchesIn({ value })).toEqual([]);
    }
    expect(searchesIn(null)).toEqual([]);
  });
});
