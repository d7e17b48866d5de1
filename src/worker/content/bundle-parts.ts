// What a loaded version holds beyond its manifest — the knowledge sections, the graph records, each
// kind's names, chunk list and search — each part loaded at most once per isolate (retried after a
// failure), and what a request's needs add to it, in one bulk read.
import type { DocumentNames, Manifest, Pointer, RecordChunkRef } from '../../bundle/bundle.ts';
import { documentKinds, type DocumentKind } from '../../bundle/kinds.ts';
import type { KnowledgeSections, RecordEntry } from '../../bundle/sections.ts';
import { indexKindsOf, type BundleNeeds } from './bundle-needs.ts';
import { keysOf, takeFrom, type Stash } from './bulk-read.ts';
import { chunkListsOf } from './chunk-lists.ts';
import { directoryOf, loadNames, type DocumentDirectory } from './document-directory.ts';
import { loadedOnce } from './loaded-once.ts';
import type { ObjectReader } from './objects.ts';
import type { ParsedObject } from './parsed-objects.ts';
import { storedTermTable, type TermTable } from '../../bundle/search/term-table.ts';
import { searcherOf, type Searcher, type StoredIndex } from './search/searcher.ts';

/**
 * A term shard, kept parsed: read on its own (at scale each is hundreds of KiB, kv-read.ts) and taken
 * apart as stored. The one way a shard is read, whether a search asks for it or a version's first
 * request reads it ahead.
 */
export const termShard = (json: ParsedObject, hash: string): Promise<TermTable> =>
  json(hash, 'alone', storedTermTable);

export interface BundleParts {
  /** The knowledge sections; throws when no request has named them in its needs yet. */
  knowledge(): KnowledgeSections | undefined;
  /** Every graph record's entry, in id order; throws when no request has named them in its needs yet. */
  records(): RecordEntry[];
  /** The record with this id, whoever may see it: from the records when loaded, else from the one chunk whose id range holds it. */
  record(id: string): Promise<RecordEntry | undefined>;
  directory(kind: DocumentKind): DocumentDirectory;
  searcher(kind: DocumentKind): Promise<Searcher>;
  /** Loads what `needs` names and is not loaded yet: from `stash` when given, else in one bulk read. */
  provide(needs: BundleNeeds, stash?: Stash): Promise<void>;
}

export function bundlePartsOf(
  pointer: Pointer,
  manifest: Manifest,
  objects: ObjectReader,
  json: ParsedObject,
): BundleParts {
  let knowledge: { value: KnowledgeSections | undefined } | undefined;
  const knowledgeLoads = new Map<'knowledge', Promise<void>>();
  let records: RecordEntry[] | undefined;
  const recordLoads = new Map<'records', Promise<void>>();
  const names = new Map<DocumentKind, DocumentNames>();
  const namesLoads = new Map<DocumentKind, Promise<void>>();
  const chunkLists = chunkListsOf(manifest, json);
  const indexes = new Map<DocumentKind, Promise<Searcher>>();
  const readJson = <T>(hash: string) => json<T>(hash);
  const directories = new Map(
    documentKinds.map((kind) => [
      kind,
      directoryOf(
        kind,
        () => namesOf(kind),
        () => chunkLists.ofKind(kind),
        readJson,
      ),
    ]),
  );

  function namesOf(kind: DocumentKind): DocumentNames {
    const found = names.get(kind);
    if (!found)
      throw new Error(
        `the ${kind} names were read before they were loaded: the request must name them in its needs`,
      );
    return found;
  }

  function searcher(
    kind: DocumentKind,
    read: Promise<Stash | undefined> = Promise.resolve(undefined),
  ): Promise<Searcher> {
    return loadedOnce(indexes, kind, () =>
      read
        .then((stash) => json<StoredIndex>(manifest.kinds[kind]?.index ?? '', stash))
        .then((stored) => searcherOf(stored, (hash) => termShard(json, hash))),
    );
  }

  async function provide(needs: BundleNeeds, stash?: Stash): Promise<void> {
    // Counts come from the manifest's per-access counts; a manifest without them counts names.
    const nameKinds = new Set([
      ...needs.names,
      ...documentKinds.filter(
        (kind) => manifest.kinds[kind]?.count && !manifest.kinds[kind].audiences,
      ),
    ]);
    const entryKinds = needs.entries.filter((kind) => manifest.kinds[kind]?.count);
    const recordList = (needs.records || needs.recordLookups) && manifest.records !== undefined;
    const missing: BundleNeeds = {
      knowledge: needs.knowledge && !knowledgeLoads.has('knowledge'),
      records: needs.records && !recordLoads.has('records'),
      names: [...nameKinds].filter((kind) => !namesLoads.has(kind)),
      indexes: indexKindsOf(needs).filter(
        (kind) => !indexes.has(kind) && manifest.kinds[kind]?.count,
      ),
      entries: entryKinds.filter((kind) => !chunkLists.started(kind)),
      recordLookups: recordList && !chunkLists.started('records'),
      searches: [],
    };
    // One bulk read for all of it, started before anything waits, so a concurrent request finds the loads already under way.
    const anyMissing =
      missing.knowledge ||
      missing.records ||
      missing.recordLookups ||
      missing.names.length > 0 ||
      missing.indexes.length > 0 ||
      missing.entries.length > 0;
    const wanted = stash || !anyMissing ? [] : [...new Set(keysOf(pointer, missing))];
    const read: Promise<Stash> = stash
      ? Promise.resolve(stash)
      : wanted.length
        ? objects.storedValues(wanted)
        : Promise.resolve(new Map());
    const fromRead = <T>(hash: string) => read.then((values) => json<T>(hash, values));
    if (missing.knowledge) {
      void loadedOnce(knowledgeLoads, 'knowledge', () =>
        (manifest.knowledge
          ? fromRead<KnowledgeSections>(manifest.knowledge)
          : Promise.resolve(undefined)
        ).then((value) => void (knowledge = { value })),
      );
    }
    if (missing.recordLookups) void chunkLists.ofRecords(read);
    if (missing.records) {
      // The record chunks are named by their list, not the pointer: read once the list is in.
      void loadedOnce(recordLoads, 'records', () =>
        chunkLists.ofRecords(read).then(async (chunks) => {
          const values = await objects.storedValues(chunks.map((chunk) => chunk.hash));
          const texts = await Promise.all(
            chunks.map(
              (chunk) =>
                takeFrom(values, chunk.hash) ?? objects.text(chunk.hash, { cacheText: false }),
            ),
          );
          records = recordsOf(texts, chunks);
        }),
      );
    }
    for (const kind of missing.entries) void chunkLists.ofKind(kind, read);
    for (const kind of missing.names) {
      void loadedOnce(namesLoads, kind, () =>
        loadNames(kind, manifest.kinds[kind], fromRead).then(
          (loaded) => void names.set(kind, loaded),
        ),
      );
    }
    for (const kind of missing.indexes) void searcher(kind, read);
    await Promise.all([
      needs.knowledge ? knowledgeLoads.get('knowledge') : undefined,
      needs.records ? recordLoads.get('records') : undefined,
      recordList ? chunkLists.started('records') : undefined,
      ...entryKinds.map((kind) => chunkLists.started(kind)),
      ...[...nameKinds].map((kind) => namesLoads.get(kind)),
      ...indexKindsOf(needs)
        .filter((kind) => manifest.kinds[kind]?.count)
        .map((kind) => indexes.get(kind)),
    ]);
  }

  return {
    knowledge() {
      if (!knowledge)
        throw new Error(
          'the knowledge sections were read before they were loaded: the request must name them in its needs',
        );
      return knowledge.value;
    },
    async record(id) {
      if (records) return recordIn(records, id);
      const chunks = await chunkLists.ofRecords();
      const chunk = chunks[chunkOfId(chunks, id)];
      return chunk && recordIn(await json<RecordEntry[]>(chunk.hash), id);
    },
    records() {
      if (!records)
        throw new Error(
          'the graph records were read before they were loaded: the request must name them in its needs',
        );
      return records;
    },
    directory: (kind) => directories.get(kind) as DocumentDirectory,
    searcher: (kind) => searcher(kind),
    provide,
  };
}

/** The chunks' entries joined, checked against their list's counts (anything else is a damaged bundle). */
function recordsOf(texts: readonly string[], chunks: readonly RecordChunkRef[]): RecordEntry[] {
  const entries: RecordEntry[] = [];
  texts.forEach((text, i) => {
    const chunk = JSON.parse(text) as RecordEntry[];
    if (chunk.length !== chunks[i]!.count)
      throw new Error(
        `the graph records chunk ${chunks[i]!.hash} holds ${chunk.length} records where its list says ${chunks[i]!.count}: the bundle is damaged; republish it`,
      );
    for (const entry of chunk) entries.push(entry);
  });
  return entries;
}

/** Index of the chunk whose id range would hold `id` (chunks are in id order, each named by its first id); -1 before the first. */
function chunkOfId(chunks: readonly { first: string }[], id: string): number {
  let low = 0;
  let high = chunks.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (chunks[middle]!.first <= id) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** The entry with `id` among entries sorted by id (binary search in code-unit order, as the build sorts). */
function recordIn(entries: readonly RecordEntry[], id: string): RecordEntry | undefined {
  let low = 0;
  let high = entries.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = entries[middle]!.id;
    if (at === id) return entries[middle];
    if (at < id) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}
