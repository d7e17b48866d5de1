// Full-text search over compiled documents: built at build time (Node), queried in the Worker.
export type { IndexableDoc, SearchHit, SearchIndex, SearchOptions } from './types.ts';
export { buildSearchIndex } from './build-index.ts';
export { searchIndex } from './search.ts';
export { snippet } from './snippet.ts';
export { tokenize } from './tokenize.ts';
