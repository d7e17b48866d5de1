// The start-up warm-up ranks a made-up index through the real ranking: its queries must find what
// the exhaustive ranking finds there (or the warm-up would train V8 on paths real queries do not
// take), and it must do real work — long lists, many intervals, both kinds of caller.
import { describe, expect, it } from 'vitest';
import { readSkipData } from '../../../../src/bundle/search/postings.ts';
import { rankExhaustive } from '../../../../src/worker/content/search/exhaustive-ranking.ts';
import {
  madeUpIndex,
  warmUpQueries,
  warmUpRanking,
} from '../../../../src/worker/content/search/ranking-warm-up.ts';
import { rankQuery } from '../../../../src/worker/content/search/search.ts';

describe('ranking warm-up', () => {
  it('ranks the made-up index as the exhaustive ranking does, over long lists', () => {
    const { head, lookup, terms } = madeUpIndex();
    const long = terms.filter((term) => {
      const found = lookup(term)!;
      return readSkipData(found.table.postings, found.start, 0) !== null;
    });
    expect(long.length).toBeGreaterThanOrEqual(3);
    for (const { query, limit } of warmUpQueries(terms)) {
      const hits = rankQuery(head, lookup, query, { limit });
      expect(hits).toHaveLength(limit);
      expect(hits).toEqual(rankExhaustive(head, lookup, query, { limit }));
    }
  });

  it('returns the hits of every query, for both callers', () => {
    const { terms } = madeUpIndex();
    const limits = warmUpQueries(terms).reduce((sum, { limit }) => sum + limit, 0);
    expect(warmUpRanking()).toBe(2 * limits);
  });
});
