// The full-text search index over compiled documents: built and stored at build time (Node), read
// and ranked in the Worker (src/worker/content/search/: searcher.ts, search.ts, snippet.ts).
export type { IndexableDoc, SearchHit, SearchIndex, SearchOptions } from './types.ts';
export type { ShardedIndex } from './shards.ts';
export type { TermTable } from './term-table.ts';
export { buildSearchIndex } from './build-index.ts';
export { splitSearchIndex, storeSearchIndex } from './shards.ts';
export { tokenize } from './tokenize.ts';
