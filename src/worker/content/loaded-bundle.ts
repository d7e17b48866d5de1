// A content version as a request sees it: what is loaded, and what reads more of it on demand.
import type { DocumentEntry, Manifest, Pointer } from '../../bundle/bundle.ts';
import type { DocumentKind } from '../../bundle/kinds.ts';
import type { KnowledgeSections, RecordEntry } from '../../bundle/sections.ts';
import type { BundleNeeds } from './bundle-needs.ts';
import type { DocumentDirectory, DocumentRef } from './document-directory.ts';
import type { Searcher } from './search/searcher.ts';

export interface LoadedBundle {
  pointer: Pointer;
  manifest: Manifest;
  /**
   * Templates, frameworks, graph, context, wiki and prompts, if the build had any. Loaded only for
   * requests that asked for them (`BundleNeeds.knowledge`); read before that, it throws.
   */
  readonly knowledge: KnowledgeSections | undefined;
  /**
   * Every graph record's entry, in id order (a record search hit's `doc` is a position here); empty
   * without records. Loaded only for requests that asked for them (`BundleNeeds.records`); read
   * before that, it throws. What a caller may see of them without loading any: `manifest.records`.
   */
  readonly records: RecordEntry[];
  /** The record with this id, whoever may see it, without loading the records: one chunk read (none once they are loaded). */
  record(id: string): Promise<RecordEntry | undefined>;
  /** Every document of a kind (name, title, access), in entry order. Needs the kind's names (`BundleNeeds.names`). */
  documents(kind: DocumentKind): DocumentRef[];
  /** The kind's documents: names when loaded, entries chunk by chunk on demand. */
  directory(kind: DocumentKind): DocumentDirectory;
  /**
   * How many documents of a kind a caller who sees what `canSee` admits may see: summed from the
   * manifest's per-`access` counts, so it needs no names object.
   */
  visibleCount(
    kind: DocumentKind,
    canSee: (entry: { access?: readonly string[] }) => boolean,
  ): number;
  /** The kind's search, loading the index head once and its term shards as queries need them. */
  searcher(kind: DocumentKind): Promise<Searcher>;
  /** A document's Markdown body; a ref is first resolved to its entry (one chunk read). */
  body(entry: DocumentEntry | DocumentRef): Promise<string>;
  /** Any object of this bundle by hash (template, record, prompt bodies…), loaded on demand. */
  text(hash: string): Promise<string>;
  /** A JSON object of this bundle (graph index, record search index), parsed once per isolate and version. */
  json<T>(hash: string): Promise<T>;
}

/** A loaded bundle and what loads more of it: what `currentBundle` hands out once the request's needs are in. */
export interface StoredBundle extends LoadedBundle {
  /** Loads what `needs` names and this bundle does not hold yet, in one bulk read where the pointer lists it. */
  provide(needs: BundleNeeds): Promise<void>;
}
