// A kind's chunk list as stored (schema 6): three lines of text, not JSON — a marker, where each
// chunk's entries end (fixed-width numbers, so a position's chunk is found by bisecting the line
// itself) and the chunks' hashes packed (packed-hashes.ts). At 1 000 000 documents a kind has about
// 6 000 chunks: as JSON (schema 5) the list was 530 KiB, parsed into an object and a 64-character
// string per chunk by every new isolate's first search or get; as text it is about half that, and a
// reader decodes nothing up front: a search page's lookups read a few dozen numbers and build the hex
// of the chunks it reads. A list written as JSON is still read (older bundles; hand-made ones in tests).
import type { ChunkRef } from './bundle.ts';
import { readDigit, writeDigit } from './search/codec.ts';
import { packHashes, packedHashesOf } from './packed-hashes.ts';

const MARKER = 'praxis-chunks/1';
/** Base-64 digits of each chunk's end: up to 64^5 − 1 (over a thousand million) entries a kind. */
const END_DIGITS = 5;
const MAX_END = 64 ** END_DIGITS - 1;

/** A chunk list read: where each chunk's entries start, and a chunk's hash. */
export interface ChunkList {
  /** How many chunks. */
  chunks: number;
  /** How many entries the chunks hold together. */
  entries: number;
  /** The chunk holding entry `position` (the last chunk for a position past the end). */
  chunkAt(position: number): number;
  /** The position of chunk `chunk`'s first entry (`entries` past the last chunk). */
  startOf(chunk: number): number;
  hashAt(chunk: number): string;
}

/** The chunk list's stored text. */
export function chunkListText(chunks: readonly ChunkRef[]): string {
  const ends: string[] = [];
  let end = 0;
  for (const chunk of chunks) {
    end += chunk.count;
    if (end > MAX_END) throw new Error(`a kind of ${end} entries is more than a chunk list holds`);
    for (let digit = END_DIGITS - 1; digit >= 0; digit--)
      writeDigit(ends, Math.floor(end / 64 ** digit) % 64);
  }
  return `${MARKER}\n${ends.join('')}\n${packHashes(chunks.map((chunk) => chunk.hash))}`;
}

/** A stored chunk list, as text or as JSON; throws, naming the problem, on anything else. */
export function chunkListOf(text: string): ChunkList {
  if (!isChunkListText(text)) {
    const chunks = chunkRefsOfJson(text);
    const ends: number[] = [];
    let end = 0;
    for (const chunk of chunks) ends.push((end += chunk.count));
    return listOf(
      chunks.length,
      (chunk) => ends[chunk]!,
      (chunk) => chunks[chunk]!.hash,
    );
  }
  const endsFrom = MARKER.length + 1;
  const hashesFrom = text.indexOf('\n', endsFrom) + 1;
  const digits = hashesFrom - 1 - endsFrom;
  const hashes = hashesFrom > 0 ? packedHashesOf(text.slice(hashesFrom)) : null;
  const count = digits / END_DIGITS;
  if (hashes === null || !Number.isInteger(count) || hashes.count !== count)
    throw new Error(
      `damaged chunk list: ${hashesFrom > 0 ? `${digits} digits of chunk ends` : 'one line'} and ${hashes === null ? 'no readable' : hashes.count} hashes`,
    );
  const reader = { text, pos: 0 };
  return listOf(
    count,
    (chunk) => {
      reader.pos = endsFrom + chunk * END_DIGITS;
      let end = 0;
      for (let digit = 0; digit < END_DIGITS; digit++) end = end * 64 + readDigit(reader);
      return end;
    },
    (chunk) => {
      try {
        return hashes.hashAt(chunk);
      } catch {
        throw new Error(`damaged chunk list: the hash of chunk ${chunk} is not base64`);
      }
    },
  );
}

/**
 * A stored chunk list's chunks, whichever way it was stored (for the build's and the publisher's
 * reads): a JSON list as it is (a graph records' list is one, its chunks with their first ids).
 */
export function storedChunkRefs<Ref extends ChunkRef = ChunkRef>(text: string): Ref[] {
  if (!isChunkListText(text)) return chunkRefsOfJson(text) as Ref[];
  const list = chunkListOf(text);
  return Array.from({ length: list.chunks }, (_, chunk) => ({
    count: list.startOf(chunk + 1) - list.startOf(chunk),
    hash: list.hashAt(chunk),
  })) as Ref[];
}

/** The chunk hashes of a chunk list stored as text; none for any other text. */
export function packedChunkHashes(text: string): string[] {
  return isChunkListText(text) ? storedChunkRefs(text).map((chunk) => chunk.hash) : [];
}

/** Whether `text` is a chunk list as `chunkListText` writes it (not JSON). */
const isChunkListText = (text: string): boolean => text.startsWith(`${MARKER}\n`);

function chunkRefsOfJson(text: string): ChunkRef[] {
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value)) throw new Error('damaged chunk list: neither text nor a JSON list');
  return value as ChunkRef[];
}

/** The list of `count` chunks ending where `endOf` says; `endOf` and `hashAt` get a chunk in range. */
function listOf(
  count: number,
  endOf: (chunk: number) => number,
  hashAt: (chunk: number) => string,
): ChunkList {
  const startOf = (chunk: number): number => (chunk <= 0 ? 0 : endOf(Math.min(chunk, count) - 1));
  return {
    chunks: count,
    entries: startOf(count),
    chunkAt(position) {
      // The first chunk ending past `position`.
      let low = 0;
      let high = count - 1;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (endOf(middle) > position) high = middle;
        else low = middle + 1;
      }
      return low;
    },
    startOf,
    hashAt(chunk) {
      if (!(Number.isInteger(chunk) && chunk >= 0 && chunk < count))
        throw new RangeError(`no chunk ${chunk} of ${count}`);
      return hashAt(chunk);
    },
  };
}
