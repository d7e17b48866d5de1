// What a request reads of a content version beyond its manifest, decided from the request before any
// of it is read, so a version loaded for the request reads all of it in one bulk read.
import { documentKinds, type DocumentKind } from '../../bundle/kinds.ts';
import type { QueryTerms } from './search/query-terms.ts';

/**
 * A search reads its kind's index head, term shards and chunk list; a get the kind's names and chunk
 * list; everything else (the full server: resources, prompts, completions, knowledge tools) all of it.
 */
export interface BundleNeeds {
  /** The knowledge sections (templates, frameworks, the graph's indexes, context, wiki, prompts): one small object. */
  knowledge: boolean;
  /** Every graph record's entry (the manifest's record chunks): what grows with the graph. */
  records: boolean;
  /** Kinds whose names object the request reads (name lookups, completions, not-found lists). */
  names: readonly DocumentKind[];
  /** Kinds whose index head the request reads (those of `searches` are added). */
  indexes: readonly DocumentKind[];
  /** Kinds whose entries the request reads (a get's, a search's hits', a list's): their chunk lists. */
  entries: readonly DocumentKind[];
  /** Whether the request looks graph records up by id (a record's resource): the records' chunk list. */
  recordLookups: boolean;
  /** The request's searches (at most MAX_SEARCHES_AHEAD): a version loaded for it reads their term shards along with everything else. */
  searches: readonly SearchAhead[];
}

/** A search the request is about to make: a version loaded for it reads its term shards along with everything else. */
export interface SearchAhead {
  kind: DocumentKind;
  /** The query as the request gives it. */
  query: string;
  /** The query analysed once, for the shards read ahead and then for the search itself. */
  terms: QueryTerms;
}

/** What a request that may touch any surface needs: every loaded object, as before loading was split. */
export const EVERY_NEED: BundleNeeds = {
  knowledge: true,
  records: true,
  names: documentKinds,
  indexes: documentKinds,
  entries: documentKinds,
  recordLookups: true,
  searches: [],
};

/** Nothing beyond the manifest: that a version is there and whole, without loading its content. */
export const MANIFEST_ONLY: BundleNeeds = {
  knowledge: false,
  records: false,
  names: [],
  indexes: [],
  entries: [],
  recordLookups: false,
  searches: [],
};

/**
 * What initialize and tools/list read: the knowledge sections alone. Their answers need the
 * templates, prompts and wiki modules (small) and, of the records, the types and counts each caller
 * may see, which the manifest's records section holds; nothing that grows with the corpus.
 */
export const LISTING_NEEDS: BundleNeeds = { ...MANIFEST_ONLY, knowledge: true };

/** What a graph record's resource reads: the listing's needs and the records' chunk list, which names the one chunk holding the record. */
export const RECORD_LOOKUP_NEEDS: BundleNeeds = { ...LISTING_NEEDS, recordLookups: true };

/** Searches a request's plan announces: a batch of more is legal, but only the first few are analysed and read ahead. */
export const MAX_SEARCHES_AHEAD = 4;

/** The kinds whose index heads `needs` reads. */
export const indexKindsOf = (needs: BundleNeeds): DocumentKind[] => [
  ...new Set([...needs.indexes, ...needs.searches.map((search) => search.kind)]),
];
