// Query time over a stored index, whichever way it was stored: one object (praxis-search/5) or a
// head plus term shards (praxis-search/7, shards as text; /6, shards as JSON), whose shards are
// fetched on demand — only those holding the query's terms, phrases and typed forms.
import { audienceOf } from '../../../bundle/search/audiences.ts';
import { rankQuery, searchIndex, unreadableFormat, weightedFor } from './search.ts';
import type { QueryTerms } from './query-terms.ts';
import { shardOf, type ShardedIndex } from '../../../bundle/search/shards.ts';
import { shardsOfQuery } from './query-shards.ts';
import { findPostings, type TermTable } from '../../../bundle/search/term-table.ts';
import type { SearchHit, SearchIndex, SearchOptions } from '../../../bundle/search/types.ts';

export interface Searcher {
  /** Number of documents indexed. */
  documents: number;
  search(query: QueryTerms, options?: SearchOptions): Promise<SearchHit[]>;
}

export type StoredIndex = SearchIndex | ShardedIndex;

/**
 * A searcher over a parsed stored index; `loadShard` fetches a shard by hash, as `storedTermTable`
 * reads it, and should cache the table (skip data decoded from it lives as long as it does).
 */
export function searcherOf(
  stored: StoredIndex,
  loadShard: (hash: string) => Promise<TermTable>,
): Searcher {
  if (stored.format === 'praxis-search/5') {
    return {
      documents: stored.documents,
      search: async (query, options) => searchIndex(stored, query, options),
    };
  }
  if (
    (stored.format !== 'praxis-search/7' && stored.format !== 'praxis-search/6') ||
    !Array.isArray(stored.shards) ||
    stored.shards.length === 0
  ) {
    throw unreadableFormat((stored as { format?: unknown }).format);
  }
  return {
    documents: stored.documents,
    search: (query, options) => searchShards(stored, loadShard, query, options),
  };
}

async function searchShards(
  head: ShardedIndex,
  loadShard: (hash: string) => Promise<TermTable>,
  query: QueryTerms,
  options?: SearchOptions,
): Promise<SearchHit[]> {
  const audience = audienceOf(head.access, options?.canSee);
  if (audience !== null && audience.documents === 0) return [];
  // A caller whose documents have other field-length averages reads the shards weighted with those.
  const shards = (weightedFor(head.access, audience, head.variants) ?? head).shards;
  const count = shards.length;
  const wanted = shardsOfQuery(query, count);
  const tables = new Map<number, TermTable>();
  await Promise.all(
    wanted.map(async (shard) => tables.set(shard, await loadShard(shards[shard] as string))),
  );
  return rankQuery(
    head,
    (term) => {
      const table = tables.get(shardOf(term, count)) as TermTable;
      const start = findPostings(table, term);
      return start < 0 ? null : { table, start };
    },
    query,
    options,
    audience,
  );
}
