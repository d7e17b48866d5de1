// How a kind's entries are cut into chunks — build and Worker share it. Boundaries are content-defined
// (a chunk starts at a name whose hash says so), not every N entries: adding or removing a document
// then changes the one chunk it falls in instead of shifting every chunk after it, so a re-publish
// uploads a chunk, not half the directory.
import type { Audience, ChunkRef, DocumentEntry, DocumentNames } from './bundle.ts';
import { storedChunkRefs } from './chunk-list.ts';

/**
 * One name in this many starts a chunk: chunks average about this many entries. A search page reads
 * every chunk holding one of its hits, whole: smaller chunks read fewer bytes, at the price of a
 * longer chunk list (about 80 bytes a chunk).
 */
const AVERAGE_CHUNK = 64;
/** A run without a boundary is cut here, so a chunk stays a few tens of KiB however names hash. */
const MAX_CHUNK = 128;

/**
 * Whether `name` starts a chunk averaging `average` entries: FNV-1a over UTF-16 code units. Changing
 * it (or the constants) only changes how a new build chunks.
 */
export function startsChunk(name: string, average = AVERAGE_CHUNK): boolean {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % average === 0;
}

/** Entries (in entry order) split into chunks. */
export function chunkEntries(entries: readonly DocumentEntry[]): DocumentEntry[][] {
  const chunks: DocumentEntry[][] = [];
  let current: DocumentEntry[] = [];
  for (const entry of entries) {
    if (current.length && (current.length >= MAX_CHUNK || startsChunk(entry.name))) {
      chunks.push(current);
      current = [];
    }
    current.push(entry);
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/** The directory object of a kind's entries. */
export function namesOf(entries: readonly DocumentEntry[]): DocumentNames {
  const access: Record<string, string[]> = {};
  entries.forEach((entry, position) => {
    if (entry.access) access[position] = entry.access;
  });
  return {
    names: entries.map((entry) => entry.name),
    titles: entries.map((entry) => entry.title),
    access,
  };
}

/** How many entries carry each distinct `access` list, in order of first appearance. */
export function audiencesOf(entries: readonly { access?: readonly string[] }[]): Audience[] {
  const byList = new Map<string, Audience>();
  for (const entry of entries) {
    // JSON, not a join: no group name can make two different lists share a key.
    const key = JSON.stringify(entry.access ?? null);
    const audience = byList.get(key);
    if (audience) audience.count += 1;
    else byList.set(key, { ...(entry.access ? { access: [...entry.access] } : {}), count: 1 });
  }
  return [...byList.values()];
}

/** A manifest section with chunks: its chunk list, or (schemas 2–4) the list inline. */
export interface ChunkedSection {
  chunkList?: string;
  chunks?: ChunkRef[];
}

/** The sections of a manifest that have chunks: every kind's and the graph records'. */
const chunkedSectionsOf = (manifest: {
  kinds?: Record<string, ChunkedSection | undefined>;
  records?: ChunkedSection;
}): ChunkedSection[] =>
  [...Object.values(manifest.kinds ?? {}), manifest.records].filter(
    (section): section is ChunkedSection => section !== undefined,
  );

/** Object hashes of a manifest's chunk lists, document kinds' and graph records'. */
export function chunkListHashesOf(manifest: Parameters<typeof chunkedSectionsOf>[0]): string[] {
  return chunkedSectionsOf(manifest).flatMap((section) =>
    typeof section.chunkList === 'string' ? [section.chunkList] : [],
  );
}

/** A section's chunk references, from its chunk list read with `text`, or inline in an older manifest. */
export function chunkRefsOf<Ref extends ChunkRef = ChunkRef>(
  section: ChunkedSection,
  text: (hash: string) => string | null | undefined,
): Ref[] {
  if (typeof section.chunkList !== 'string') return (section.chunks ?? []) as Ref[];
  const listText = text(section.chunkList);
  if (listText == null)
    throw new Error(`the chunk list ${section.chunkList} is missing from the store`);
  return storedChunkRefs<Ref>(listText);
}

/**
 * Object hashes of every chunk a manifest's sections name, document kinds' and graph records'; with
 * `readableOnly`, chunk lists `text` does not have are passed over instead of refused.
 */
export function chunkHashesOf(
  manifest: Parameters<typeof chunkedSectionsOf>[0],
  text: (hash: string) => string | null | undefined,
  readableOnly = false,
): string[] {
  return chunkedSectionsOf(manifest)
    .filter(
      (section) =>
        !readableOnly || typeof section.chunkList !== 'string' || text(section.chunkList) != null,
    )
    .flatMap((section) => chunkRefsOf(section, text).map((chunk) => chunk.hash));
}

/** Every entry of a kind, read from a bundle's objects (build, publisher, benchmarks). */
export function entriesFromObjects(
  manifest: {
    kinds?: Record<string, (ChunkedSection & { documents?: DocumentEntry[] }) | undefined>;
  },
  kind: string,
  text: (hash: string) => string | null | undefined,
): DocumentEntry[] {
  const section = manifest.kinds?.[kind];
  if (!section) return [];
  if (section.documents) return section.documents;
  return chunkRefsOf(section, text).flatMap((chunk) => {
    const chunkText = text(chunk.hash);
    if (chunkText == null)
      throw new Error(`the ${kind} chunk ${chunk.hash} is missing from the store`);
    return JSON.parse(chunkText) as DocumentEntry[];
  });
}
