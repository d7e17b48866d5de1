// Full-text search over compiled documents: built at build time (Node), queried in the Worker.
export type { IndexableDoc, SearchHit, SearchIndex, SearchOptions } from './types.ts';
export type { ShardedIndex } from './shards.ts';
export type { Searcher, StoredIndex } from './searcher.ts';
export type { TermTable } from './term-table.ts';
export { buildSearchIndex } from './build-index.ts';
export { analyseQuery, type QueryTerms } from './query-terms.ts';
export { searchIndex } from './search.ts';
export { searcherOf } from './searcher.ts';
export { splitSearchIndex, storeSearchIndex } from './shards.ts';
export { snippet } from './snippet.ts';
export { tokenize } from './tokenize.ts';
