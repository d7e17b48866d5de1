// The bundle format shared by the build (writer) and the Worker (reader).
//
// Everything but the pointer is content-addressed: an object's key is the SHA-256 of its bytes,
// so a publish only adds objects and flips the pointer last, and an isolate can cache any object
// forever. Document bodies are separate objects so a search never loads them all, and document
// entries live in chunks of about a hundred, named by a chunk list per kind, so the manifest stays
// the same small size whatever the corpus size and a one-document edit changes one chunk and its
// list (see `document-chunks.ts`).
import type { DocumentKind } from './kinds.ts';

/**
 * 6: a kind's chunk list stored as text (chunk-list.ts), not JSON.
 * 5: chunk lists out of the manifest, one object per kind and one for the graph records (`chunkList`).
 * 4: graph record entries in chunks named by the manifest (`records`), out of the knowledge object.
 * 3: large objects stored in parts, and the pointer names what loading a version reads (`load`).
 * 2: document entries in chunks plus a names object per kind (1 listed them in the manifest).
 */
export const BUNDLE_SCHEMA = 6;
export const POINTER_KEY = 'praxis:pointer';
export const objectKey = (hash: string): string => `praxis:obj:${hash}`;

/** The one mutable key: which manifest is current, and where it came from. */
export interface Pointer {
  schema: typeof BUNDLE_SCHEMA;
  /** Short, human-friendly id of the version: derived from the manifest hash. */
  version: string;
  manifest: string;
  commit: string | null;
  /** Present when the content folder had uncommitted changes: what is served is not exactly `commit`. */
  dirty?: true;
  builtAt: string;
  documentCount: number;
  /**
   * Every object an isolate reads to load this version (manifest, names, index heads, knowledge, and
   * the parts of any of them stored in parts), so a cold isolate fetches them all in one bulk read.
   */
  load: string[];
  /**
   * `load` sorted by what needs it, so a request reads only what it uses: a search reads the
   * manifest and its kind's index head, never the knowledge sections or the names objects. Each
   * list holds objects' hashes followed by their parts' hashes. Absent in a pointer written by an
   * older build: a Worker then reads all of `load`.
   */
  loadBy?: LoadLists;
  /**
   * Each searchable kind's term-shard hashes, packed (`search/shard-list.ts`): a cold isolate's first
   * search names its shards from these and reads them beside its bulk read of `load`. Absent in a
   * pointer written by an older build or a rollback to one: the shards are then read after the head.
   */
  shards?: Partial<Record<DocumentKind, string>>;
}

/** What loading a version reads, by what needs it (each list: objects, then the parts of those stored in parts). */
export interface LoadLists {
  manifest: string[];
  knowledge: string[];
  names: Partial<Record<DocumentKind, string[]>>;
  index: Partial<Record<DocumentKind, string[]>>;
  /** Each kind's chunk list: what finds a document's entry. */
  chunkList: Partial<Record<DocumentKind, string[]>>;
  /** The graph records' chunk list (empty without records). */
  recordChunkList: string[];
}

export interface DocumentEntry {
  name: string;
  title: string;
  description: string;
  /** Source file relative to the content folder, e.g. `processes/code-review.md`. */
  path: string;
  /** Object hash of the Markdown body. */
  body: string;
  /** Groups allowed to see the document; absent means everyone. */
  access?: string[];
  /** Build warnings about the body ('active-html', 'agent-directed-text'); served as content_warnings. */
  flags?: string[];
  /** Front matter `owner`, `reviewed` (YYYY-MM-DD) and `review_days`, each only when set (`freshness.ts`). */
  owner?: string;
  reviewed?: string;
  reviewDays?: number;
  /** UTC day of the newest commit that changed the file (the build's day when uncommitted); absent when git could not tell. */
  lastChanged?: string;
}

/** One chunk of a kind's entries: `count` consecutive entries (in name order), stored as a JSON `DocumentEntry[]`. */
export interface ChunkRef {
  count: number;
  hash: string;
}

/**
 * A kind's directory, one object: every document's name, title and access, in entry order. What
 * counts, `available` lists, completions and access checks read without loading any chunk; a body
 * edit leaves it unchanged.
 */
export interface DocumentNames {
  names: string[];
  titles: string[];
  /** Access groups by entry position, for restricted documents only. */
  access: Record<string, string[]>;
}

export interface KindSection {
  count: number;
  /** Object hash of the kind's DocumentNames. */
  names: string;
  /**
   * Object hash of the kind's chunk list (stored as chunk-list.ts writes it): the entries in name order, chunked;
   * position p is in the chunk whose counts, summed before it, pass p. Its own object, as it grows
   * with the corpus and most requests (initialize, tools/list) never read an entry.
   */
  chunkList: string;
  /** Object hash of the kind's search index (its document numbers are entry positions). */
  index: string;
  /**
   * How many documents carry each distinct `access` list (absent: public), so a caller's count of
   * what they may see is a sum over the lists their groups open, without the names object. Absent
   * in a manifest written by an older build: counts then come from the names object.
   */
  audiences?: Audience[];
}

/**
 * The graph records' entries (`RecordEntry`, sorted by id), in chunks of a few hundred: read only by
 * the calls that list or look records up, never by initialize, tools/list or a document search.
 */
export interface RecordsSection {
  count: number;
  /** Object hash of the records' chunk list, a JSON `RecordChunkRef[]` in id order. */
  chunkList: string;
  /** Records per distinct `access` list with the record types among them: what tools/list shows a caller without reading any chunk. */
  audiences: RecordAudience[];
}

/** A chunk of record entries and the id of its first record (chunks are in id order). */
export interface RecordChunkRef extends ChunkRef {
  first: string;
}

/** Records sharing one `access` list, and their types (sorted). */
export interface RecordAudience extends Audience {
  types: string[];
}

/** Documents of a kind sharing one `access` list. */
export interface Audience {
  access?: string[];
  count: number;
}

export interface Manifest {
  schema: typeof BUNDLE_SCHEMA;
  kinds: Record<DocumentKind, KindSection>;
  /** The knowledge graph's record entries, chunked (absent when there are no records). */
  records?: RecordsSection;
  /**
   * Object hash of the KnowledgeSections (templates, frameworks, graph, context, wiki, prompts). A
   * separate object, so an edit to a process or checklist leaves it — and its upload — untouched.
   */
  knowledge?: string;
}

/** The knowledge object a manifest names, as a list (empty when it has none). */
export const knowledgeHashOf = (manifest: { knowledge?: unknown }): string[] =>
  typeof manifest.knowledge === 'string' ? [manifest.knowledge] : [];

/** Version records, written by `praxis publish` before the pointer flips; `praxis versions`, `rollback` and `gc` read them. */
export const VERSION_KEY_PREFIX = 'praxis:version:';
export const versionKey = (version: string): string => `${VERSION_KEY_PREFIX}${version}`;
/** Every recorded version, oldest first: one read lists them all. */
export const VERSIONS_INDEX_KEY = 'praxis:versions';

/** A published version: the pointer it is served with plus who, when and how big. */
export interface VersionRecord extends Pointer {
  author: string | null;
  publishedAt: string;
  objects: { count: number; bytes: number };
  /** Object hash of a JSON array of this version's objects that its manifest does not name (absent when none). */
  extraObjects?: string;
}

export interface VersionsIndex {
  schema: typeof BUNDLE_SCHEMA;
  versions: VersionRecord[];
}
