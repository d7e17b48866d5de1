// The current bundle for a request: pointer (re-read at most every PRAXIS_POINTER_TTL_MS), then the
// manifest and search indexes, parsed once per isolate and kept per version. A request holds on to the
// bundle it started with, so a pointer flip mid-request never mixes versions.
import { BUNDLE_SCHEMA, POINTER_KEY, type DocumentEntry, type Manifest, type Pointer } from '../../bundle/bundle.ts';
import { loadDirectory, type DocumentDirectory, type DocumentRef } from './document-directory.ts';
import { documentKinds, type DocumentKind } from '../../bundle/kinds.ts';
import { ContentUnavailableError, kvText, kvTimeoutOf } from './kv-read.ts';
import { LruCache } from './lru-cache.ts';
import { isPartsList, joinedText, partsOf } from '../../bundle/object-parts.ts';
import { forgetCachedObjects, MissingObjectError, readObject as readKvObject, readStoredValues } from './objects.ts';
import { searcherOf, type Searcher, type StoredIndex, type TermTable } from './search/index.ts';
import { unpackShardHashes } from './search/shard-list.ts';
import { shardsOfQuery } from './search/shards.ts';
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
  /** Templates, frameworks, graph, context, wiki and prompts (loaded with the bundle), if the build had any. */
  knowledge: KnowledgeSections | undefined;
  /** Every document of a kind (name, title, access), in entry order; full entries come from `directory`. */
  documents(kind: DocumentKind): DocumentRef[];
  /** The kind's documents: names loaded with the bundle, entries chunk by chunk on demand. */
  directory(kind: DocumentKind): DocumentDirectory;
  /** The kind's search, loading the index head once and its term shards as queries need them. */
  searcher(kind: DocumentKind): Promise<Searcher>;
  /** A document's Markdown body; a ref is first resolved to its entry (one chunk read). */
  body(entry: DocumentEntry | DocumentRef): Promise<string>;
  /** Any object of this bundle by hash (template, record, prompt bodies…), loaded on demand. */
  text(hash: string): Promise<string>;
  /** A JSON object of this bundle (graph index, record search index), parsed once per isolate and version. */
  json<T>(hash: string): Promise<T>;
}

const DEFAULT_POINTER_TTL_MS = 5000;
const KEPT_VERSIONS = 2;
/** Characters of JSON text behind the shards and chunks one bundle keeps parsed (two bundles may be kept). */
const PARSED_OBJECT_CHARS = 12 * 1024 * 1024;

let pointerCache: { pointer: Pointer | null; readAt: number } | undefined;
const bundles = new Map<string, Promise<LoadedBundle>>();
/** The bundle this isolate last served: kept serving while KV fails or the pointer names a version that cannot be loaded. */
let lastServed: LoadedBundle | undefined;

/** A search the request is about to make: a version loaded for it reads its term shards along with everything else. */
export interface SearchAhead {
  kind: DocumentKind;
  query: string;
}

/** Searches one request may announce: a batch of more is legal, but only the first few are read ahead. */
const MAX_SEARCHES_AHEAD = 4;

/**
 * The bundle to serve, or null when nothing has been published yet. Throws ContentUnavailableError
 * when KV fails and nothing is cached. `searches` are the request's searches: when this request
 * loads the version, their term shards come in the same bulk read as the version's load list.
 */
export async function currentBundle(env: ContentEnv, now = Date.now(), searches: readonly SearchAhead[] = []): Promise<LoadedBundle | null> {
  let pointer: Pointer | null;
  try {
    pointer = await currentPointer(env, now);
  } catch (error) {
    return keepServing('pointer_unreadable', error);
  }
  if (!pointer) return null;
  // Before the cache: a pointer of another schema naming a manifest this isolate holds is still refused.
  try {
    refuseUnknownSchema(pointer.schema, `the pointer of version ${pointer.version}`);
  } catch (error) {
    return keepServing('version_unloadable', error, pointer.version);
  }
  let bundle = bundles.get(pointer.manifest);
  if (!bundle) {
    bundle = loadBundle(env.CONTENT, pointer, kvTimeoutOf(env), shardsAhead(pointer, searches));
    bundles.set(pointer.manifest, bundle);
    bundle.catch(() => bundles.delete(pointer.manifest));
    for (const key of bundles.keys()) if (bundles.size > KEPT_VERSIONS) bundles.delete(key);
  }
  try {
    lastServed = await bundle;
    return lastServed;
  } catch (error) {
    return keepServing('version_unloadable', error, pointer.version);
  }
}

/** The previous bundle, logged as stale; without one, the failure as ContentUnavailableError (a clean 503). */
function keepServing(event: string, error: unknown, wanted?: string): LoadedBundle {
  console.error(JSON.stringify({
    event, wanted, serving: lastServed?.pointer.version ?? null,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  }));
  if (lastServed) return lastServed;
  throw error instanceof ContentUnavailableError ? error : new ContentUnavailableError('The published content version could not be loaded; its operators have been told why in the log.');
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
    if (shards) for (const shard of shardsOfQuery(query, shards.length)) hashes.add(shards[shard] as string);
  }
  return [...hashes];
}

async function loadBundle(kv: KVNamespace, pointer: Pointer, timeoutMs: number, shardsFirst: readonly string[] = []): Promise<LoadedBundle> {
  const readObject = (hash: string) => readKvObject(kv, hash, timeoutMs);
  // One bulk read for everything loading needs (the pointer lists it), instead of a chain
  // manifest → names → parts, plus the term shards of the search that made this request. Each
  // value is taken out once it is parsed, so no text stays behind. Anything the list lacks is
  // read on its own when needed; the manifest always comes in the first read.
  const preloaded = await readStoredValues(kv, [...new Set([pointer.manifest, ...(Array.isArray(pointer.load) ? pointer.load : []), ...shardsFirst])], timeoutMs);
  const takePreloaded = (hash: string): string | undefined => {
    const stored = preloaded.get(hash);
    if (stored === undefined) return undefined;
    // Parts the list did not name (a hand-made pointer) leave the object to an ordinary read.
    if (isPartsList(stored) && !partsOf(stored).every((part) => preloaded.has(part))) return undefined;
    const text = joinedText(stored, (part) => preloaded.get(part));
    preloaded.delete(hash);
    return text;
  };
  // Objects kept parsed (the manifest in the bundle, the rest below) are not cached as text too.
  const manifestText = preloaded.has(pointer.manifest) ? takePreloaded(pointer.manifest) ?? await readKvObject(kv, pointer.manifest, timeoutMs, false) : undefined;
  if (manifestText === undefined) throw new MissingObjectError(pointer.manifest);
  const manifest = JSON.parse(manifestText) as Manifest;
  refuseUnknownSchema(manifest.schema, `manifest ${pointer.manifest}`);
  const indexes = new Map<DocumentKind, Promise<Searcher>>();
  // Shards and chunks are read on demand and kept parsed, weighed by their text's length: without a
  // bound, an isolate answering varied queries over 100 000 documents would end up holding the whole
  // index. What the bundle needs always (names, index heads, knowledge) it holds itself.
  const parsedObjects = new LruCache<string, Promise<unknown>>(PARSED_OBJECT_CHARS);
  function json<T>(hash: string): Promise<T> {
    let parsed = parsedObjects.get(hash);
    if (!parsed) {
      const early = takePreloaded(hash);
      const text = early === undefined ? readKvObject(kv, hash, timeoutMs, false) : Promise.resolve(early);
      const reading = text.then((raw) => JSON.parse(raw) as unknown);
      parsed = reading;
      // Weighed once its text is in; a failed read is forgotten, so the next request tries again.
      parsedObjects.set(hash, reading, 0);
      const current = () => parsedObjects.get(hash) === reading;
      text.then((raw) => current() && parsedObjects.set(hash, reading, raw.length), () => undefined);
      reading.catch(() => current() && parsedObjects.delete(hash));
    }
    return parsed as Promise<T>;
  }
  // Names are read up front: counts, access checks and completions are synchronous and need them.
  const [knowledge, directories] = await Promise.all([
    manifest.knowledge ? json<KnowledgeSections>(manifest.knowledge) : undefined,
    Promise.all(documentKinds.map(async (kind) => [kind, await loadDirectory(kind, manifest.kinds[kind], json)] as const)).then((pairs) => new Map(pairs)),
  ]);
  const directory = (kind: DocumentKind) => directories.get(kind) as DocumentDirectory;
  // The index heads were in the bulk read too: parse them now, so the first search reads only its shards.
  for (const kind of documentKinds) if (manifest.kinds[kind]?.count) void json(manifest.kinds[kind].index).catch(() => undefined);
  // So were the shards of the search that made this request: kept parsed for it.
  for (const shard of shardsFirst) if (preloaded.has(shard)) void json(shard).catch(() => undefined);
  preloaded.clear();
  return {
    pointer,
    manifest,
    knowledge,
    documents: (kind) => directory(kind).refs,
    directory,
    searcher(kind) {
      let index = indexes.get(kind);
      if (!index) {
        index = json<StoredIndex>(manifest.kinds[kind]?.index ?? '').then((stored) => searcherOf(stored, (hash) => json<TermTable>(hash)));
        indexes.set(kind, index);
        index.catch(() => indexes.delete(kind));
      }
      return index;
    },
    async body(entry) {
      if ('body' in entry) return readObject(entry.body);
      const found = directory(entry.kind);
      const position = found.positionOf(entry.name);
      if (position === undefined) throw new Error(`version ${pointer.version} has no ${entry.kind} '${entry.name}'`);
      const [resolved] = await found.entriesAt([position]);
      return readObject(resolved!.body);
    },
    text: (hash) => readObject(hash),
    json,
  };
}

/** A pointer or manifest another build format wrote: refused like any unloadable version (503 + log, or the last good one). */
function refuseUnknownSchema(schema: unknown, what: string): void {
  if (schema !== BUNDLE_SCHEMA) {
    throw new Error(`${what} has bundle schema ${JSON.stringify(schema)}, but this Worker reads schema ${BUNDLE_SCHEMA}: deploy the Worker that matches the build, or roll back to a version of this schema`);
  }
}

/** Forget cached pointer and bundles (tests; a future admin route). */
export function resetContentCache(): void {
  pointerCache = undefined;
  lastServed = undefined;
  bundles.clear();
  forgetCachedObjects();
}
