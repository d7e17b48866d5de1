// The current bundle for a request: pointer (re-read at most every PRAXIS_POINTER_TTL_MS), then the
// manifest and what the request needs of the version (index heads, names, knowledge sections),
// parsed once per isolate and kept per version. A request holds on to the bundle it started with, so
// a pointer flip mid-request never mixes versions.
import {
  BUNDLE_SCHEMA,
  POINTER_KEY,
  type DocumentEntry,
  type DocumentNames,
  type KindSection,
  type Manifest,
  type Pointer,
} from '../../bundle/bundle.ts';
import {
  directoryOf,
  loadNames,
  type DocumentDirectory,
  type DocumentRef,
} from './document-directory.ts';
import { documentKinds, type DocumentKind } from '../../bundle/kinds.ts';
import { ContentUnavailableError, kvText, kvTimeoutOf } from './kv-read.ts';
import { loadedOnce } from './loaded-once.ts';
import { LruCache } from '../../shared/lru-cache.ts';
import { isPartsList, joinedText, partsOf } from '../../bundle/object-parts.ts';
import {
  forgetCachedObjects,
  MissingObjectError,
  readObject as readKvObject,
  readStoredValues,
} from './objects.ts';
import type { TermTable } from '../../bundle/search/index.ts';
import { searcherOf, type Searcher, type StoredIndex } from './search/searcher.ts';
import { unpackShardHashes } from '../../bundle/search/shard-list.ts';
import { shardsOfQuery } from '../../bundle/search/shards.ts';
import type { KnowledgeSections } from '../../bundle/sections.ts';

export interface ContentEnv {
  CONTENT: KVNamespace;
  PRAXIS_POINTER_TTL_MS?: string;
  /** Milliseconds a KV read may take before the request gives up on it (default 3000). */
  PRAXIS_KV_TIMEOUT_MS?: string;
}

export interface LoadedBundle {
  pointer: Pointer;
  manifest: Manifest;
  /**
   * Templates, frameworks, graph, context, wiki and prompts, if the build had any. Loaded only for
   * requests that asked for them (`BundleNeeds.knowledge`); read before that, it throws.
   */
  readonly knowledge: KnowledgeSections | undefined;
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
interface StoredBundle extends LoadedBundle {
  /** Loads what `needs` names and this bundle does not hold yet, in one bulk read where the pointer lists it. */
  provide(needs: BundleNeeds): Promise<void>;
}

/**
 * What a request reads of a version beyond its manifest. A search reads its kind's index head and
 * term shards; a get also the kind's names; everything else (the full server: resources, prompts,
 * completions, knowledge tools) all of it.
 */
export interface BundleNeeds {
  /** The knowledge sections. */
  knowledge: boolean;
  /** Kinds whose names object the request reads (name lookups, completions, not-found lists). */
  names: readonly DocumentKind[];
  /** Kinds whose index head the request reads (those of `searches` are added). */
  indexes: readonly DocumentKind[];
  /** The request's searches: a version loaded for it reads their term shards along with everything else. */
  searches: readonly SearchAhead[];
}

/** What a request that may touch any surface needs: every loaded object, as before loading was split. */
export const EVERY_NEED: BundleNeeds = {
  knowledge: true,
  names: documentKinds,
  indexes: documentKinds,
  searches: [],
};

const DEFAULT_POINTER_TTL_MS = 5000;
const KEPT_VERSIONS = 2;
/** Characters of JSON text behind the shards and chunks one bundle keeps parsed (two bundles may be kept). */
const PARSED_OBJECT_CHARS = 12 * 1024 * 1024;

let pointerCache: { pointer: Pointer | null; readAt: number } | undefined;
const bundles = new Map<string, Promise<StoredBundle>>();
/** The bundle this isolate last served: kept serving while KV fails or the pointer names a version that cannot be loaded. */
let lastServed: StoredBundle | undefined;

/** A search the request is about to make: a version loaded for it reads its term shards along with everything else. */
export interface SearchAhead {
  kind: DocumentKind;
  query: string;
}

/** Searches one request may announce: a batch of more is legal, but only the first few are read ahead. */
const MAX_SEARCHES_AHEAD = 4;

/**
 * The bundle to serve, with what `needs` names loaded, or null when nothing has been published yet.
 * Throws ContentUnavailableError when KV fails and nothing is cached. When this request loads the
 * version, what it needs (and its searches' term shards) comes in the same bulk read as the manifest.
 */
export async function currentBundle(
  env: ContentEnv,
  now = Date.now(),
  needs: BundleNeeds = EVERY_NEED,
): Promise<LoadedBundle | null> {
  let pointer: Pointer | null;
  try {
    pointer = await currentPointer(env, now);
  } catch (error) {
    return keepServing('pointer_unreadable', error, needs);
  }
  if (!pointer) return null;
  // Before the cache: a pointer of another schema naming a manifest this isolate holds is still refused.
  try {
    refuseUnknownSchema(pointer.schema, `the pointer of version ${pointer.version}`);
  } catch (error) {
    return keepServing('version_unloadable', error, needs, pointer.version);
  }
  let bundle = bundles.get(pointer.manifest);
  if (!bundle) {
    bundle = loadBundle(env.CONTENT, pointer, kvTimeoutOf(env), needs);
    bundles.set(pointer.manifest, bundle);
    bundle.catch(() => bundles.delete(pointer.manifest));
    for (const key of bundles.keys()) if (bundles.size > KEPT_VERSIONS) bundles.delete(key);
  }
  try {
    const loaded = await bundle;
    await loaded.provide(needs);
    lastServed = loaded;
    return loaded;
  } catch (error) {
    return keepServing('version_unloadable', error, needs, pointer.version);
  }
}

/** The previous bundle, logged as stale; without one, the failure as ContentUnavailableError (a clean 503). */
async function keepServing(
  event: string,
  error: unknown,
  needs: BundleNeeds,
  wanted?: string,
): Promise<LoadedBundle> {
  console.error(
    JSON.stringify({
      event,
      wanted,
      serving: lastServed?.pointer.version ?? null,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    }),
  );
  if (lastServed) {
    try {
      await lastServed.provide(needs);
      return lastServed;
    } catch (failure) {
      error = failure;
    }
  }
  throw error instanceof ContentUnavailableError
    ? error
    : new ContentUnavailableError(
        'The published content version could not be loaded; its operators have been told why in the log.',
      );
}

async function currentPointer(env: ContentEnv, now: number): Promise<Pointer | null> {
  const ttl = Number(env.PRAXIS_POINTER_TTL_MS ?? DEFAULT_POINTER_TTL_MS);
  if (pointerCache && now - pointerCache.readAt < ttl) return pointerCache.pointer;
  const text = await kvText(env.CONTENT, POINTER_KEY, kvTimeoutOf(env));
  const pointer = text === null ? null : (JSON.parse(text) as Pointer);
  pointerCache = { pointer, readAt: now };
  return pointer;
}

/**
 * The term shards `searches` will read, named from the pointer's packed shard lists (none for a
 * kind the pointer has no list for). Shards are content-addressed, so a list that does not match
 * the index head costs wasted reads, never a wrong answer: the searcher asks for shards by the
 * head's hashes.
 */
function shardsAhead(pointer: Pointer, searches: readonly SearchAhead[]): string[] {
  const hashes = new Set<string>();
  for (const { kind, query } of searches.slice(0, MAX_SEARCHES_AHEAD)) {
    const shards = unpackShardHashes(pointer.shards?.[kind]);
    if (shards)
      for (const shard of shardsOfQuery(query, shards.length)) hashes.add(shards[shard] as string);
  }
  return [...hashes];
}

/** The kinds whose index heads `needs` reads. */
const indexKindsOf = (needs: BundleNeeds): DocumentKind[] => [
  ...new Set([
    ...needs.indexes,
    ...needs.searches.slice(0, MAX_SEARCHES_AHEAD).map((search) => search.kind),
  ]),
];

/** Stored values of one bulk read, each taken out (joined from its parts) once it is parsed. */
type Stash = Map<string, string>;

function takeFrom(stash: Stash, hash: string): string | undefined {
  const stored = stash.get(hash);
  if (stored === undefined) return undefined;
  // Parts the read did not include (a hand-made pointer) leave the object to an ordinary read.
  if (isPartsList(stored) && !partsOf(stored).every((part) => stash.has(part))) return undefined;
  const text = joinedText(stored, (part) => stash.get(part));
  stash.delete(hash);
  return text;
}

async function loadBundle(
  kv: KVNamespace,
  pointer: Pointer,
  timeoutMs: number,
  firstNeeds: BundleNeeds,
): Promise<StoredBundle> {
  const readObject = (hash: string) => readKvObject(kv, hash, timeoutMs);
  const lists = pointer.loadBy;
  /** The objects (and their parts) `needs` reads, as the pointer lists them; without `loadBy`, all of `load`. */
  const keysOf = (needs: BundleNeeds): string[] => {
    if (!lists) return Array.isArray(pointer.load) ? pointer.load : [];
    return [
      ...(needs.knowledge ? lists.knowledge : []),
      ...needs.names.flatMap((kind) => lists.names[kind] ?? []),
      ...indexKindsOf(needs).flatMap((kind) => lists.index[kind] ?? []),
    ];
  };
  // One bulk read for everything this request needs (the pointer lists it), instead of a chain
  // manifest → names → parts, plus the term shards of the search that made this request. Anything
  // the lists lack is read on its own when needed; the manifest always comes in the first read.
  const shardsFirst = shardsAhead(pointer, firstNeeds.searches);
  const first = await readStoredValues(
    kv,
    [
      ...new Set([
        ...(lists?.manifest ?? [pointer.manifest]),
        ...keysOf(firstNeeds),
        ...shardsFirst,
      ]),
    ],
    timeoutMs,
  );
  // Objects kept parsed (the manifest in the bundle, the rest below) are not cached as text too.
  const manifestText =
    takeFrom(first, pointer.manifest) ??
    (await readKvObject(kv, pointer.manifest, timeoutMs, false));
  const manifest = JSON.parse(manifestText) as Manifest;
  refuseUnknownSchema(manifest.schema, `manifest ${pointer.manifest}`);
  for (const kind of documentKinds) checkAudiences(kind, manifest.kinds[kind], pointer.manifest);
  const indexes = new Map<DocumentKind, Promise<Searcher>>();
  // Shards and chunks are read on demand and kept parsed, weighed by their text's length: without a
  // bound, an isolate answering varied queries over 100 000 documents would end up holding the whole
  // index. What the bundle needs always (names, index heads, knowledge) it holds itself.
  const parsedObjects = new LruCache<string, Promise<unknown>>(PARSED_OBJECT_CHARS);
  function json<T>(hash: string, stash?: Stash): Promise<T> {
    let parsed = parsedObjects.get(hash);
    if (!parsed) {
      const early = stash && takeFrom(stash, hash);
      const text =
        early === undefined ? readKvObject(kv, hash, timeoutMs, false) : Promise.resolve(early);
      const reading = text.then((raw) => JSON.parse(raw) as unknown);
      parsed = reading;
      // Weighed once its text is in; a failed read is forgotten, so the next request tries again.
      parsedObjects.set(hash, reading, 0);
      const current = () => parsedObjects.get(hash) === reading;
      text.then(
        (raw) => current() && parsedObjects.set(hash, reading, raw.length),
        () => undefined,
      );
      reading.catch(() => current() && parsedObjects.delete(hash));
    }
    return parsed as Promise<T>;
  }
  const readJson = <T>(hash: string) => json<T>(hash);

  // What the bundle holds once loaded: each part loaded at most once, retried after a failure.
  let knowledge: { value: KnowledgeSections | undefined } | undefined;
  const knowledgeLoads = new Map<'knowledge', Promise<void>>();
  const names = new Map<DocumentKind, DocumentNames>();
  const namesLoads = new Map<DocumentKind, Promise<void>>();
  const directories = new Map(
    documentKinds.map((kind) => [
      kind,
      directoryOf(kind, manifest.kinds[kind], () => namesOf(kind), readJson),
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
  const directory = (kind: DocumentKind) => directories.get(kind) as DocumentDirectory;
  function searcher(
    kind: DocumentKind,
    read: Promise<Stash | undefined> = Promise.resolve(undefined),
  ): Promise<Searcher> {
    return loadedOnce(indexes, kind, () =>
      read
        .then((stash) => json<StoredIndex>(manifest.kinds[kind]?.index ?? '', stash))
        .then((stored) => searcherOf(stored, (hash) => json<TermTable>(hash))),
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
    const missing: BundleNeeds = {
      knowledge: needs.knowledge && !knowledgeLoads.has('knowledge'),
      names: [...nameKinds].filter((kind) => !namesLoads.has(kind)),
      indexes: indexKindsOf(needs).filter(
        (kind) => !indexes.has(kind) && manifest.kinds[kind]?.count,
      ),
      searches: [],
    };
    // One bulk read for all of it, started before anything waits, so a concurrent request finds the loads already under way.
    const anyMissing = missing.knowledge || missing.names.length > 0 || missing.indexes.length > 0;
    const wanted = stash || !anyMissing ? [] : [...new Set(keysOf(missing))];
    const read: Promise<Stash> = stash
      ? Promise.resolve(stash)
      : wanted.length
        ? readStoredValues(kv, wanted, timeoutMs)
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
      ...[...nameKinds].map((kind) => namesLoads.get(kind)),
      ...indexKindsOf(needs)
        .filter((kind) => manifest.kinds[kind]?.count)
        .map((kind) => indexes.get(kind)),
    ]);
  }

  // What the first request needs was in the first read; so were the shards of its searches, kept parsed for it.
  await provide(firstNeeds, first);
  for (const shard of shardsFirst)
    if (first.has(shard)) void json(shard, first).catch(() => undefined);
  first.clear();
  return {
    pointer,
    manifest,
    get knowledge() {
      if (!knowledge)
        throw new Error(
          'the knowledge sections were read before they were loaded: the request must name them in its needs',
        );
      return knowledge.value;
    },
    documents: (kind) => directory(kind).refs,
    directory,
    visibleCount(kind, canSee) {
      const section = manifest.kinds[kind];
      if (!section?.count) return 0;
      if (!section.audiences) return directory(kind).refs.filter(canSee).length;
      let count = 0;
      for (const audience of section.audiences)
        if (canSee(audience.access ? { access: audience.access } : {})) count += audience.count;
      return count;
    },
    searcher: (kind) => searcher(kind),
    async body(entry) {
      if ('body' in entry) return readObject(entry.body);
      const found = directory(entry.kind);
      const position = found.positionOf(entry.name);
      if (position === undefined)
        throw new Error(`version ${pointer.version} has no ${entry.kind} '${entry.name}'`);
      const [resolved] = await found.entriesAt([position]);
      return readObject(resolved!.body);
    },
    text: (hash) => readObject(hash),
    json: readJson,
    provide: (needs) => provide(needs),
  };
}

/** A manifest's per-access counts must add up to its document count: anything else is a damaged bundle. */
function checkAudiences(
  kind: DocumentKind,
  section: KindSection | undefined,
  manifestHash: string,
): void {
  if (!section?.audiences) return;
  const total = section.audiences.reduce((sum, audience) => sum + audience.count, 0);
  if (total !== section.count) {
    throw new Error(
      `manifest ${manifestHash} counts ${total} ${kind} by access where it lists ${section.count}: the bundle is damaged; republish it`,
    );
  }
}

/** A pointer or manifest another build format wrote: refused like any unloadable version (503 + log, or the last good one). */
function refuseUnknownSchema(schema: unknown, what: string): void {
  if (schema !== BUNDLE_SCHEMA) {
    throw new Error(
      `${what} has bundle schema ${JSON.stringify(schema)}, but this Worker reads schema ${BUNDLE_SCHEMA}: deploy the Worker that matches the build, or roll back to a version of this schema`,
    );
  }
}

/** Forget cached pointer and bundles (tests; a future admin route). */
export function resetContentCache(): void {
  pointerCache = undefined;
  lastServed = undefined;
  bundles.clear();
  forgetCachedObjects();
}
