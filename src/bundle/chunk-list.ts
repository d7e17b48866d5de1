// A kind's chunk list as stored (schema 6): three lines of text, not JSON — a marker, each chunk's
// entry count as varints (codec.ts), and the chunks' hashes packed (packed-hashes.ts). At 1 000 000
// documents a kind has about 6 000 chunks: as JSON (schema 5) the list was 530 KiB, parsed into an
// object and a 64-character string per chunk by every new isolate's first search or get; as text
// it is about half that, and a reader decodes the counts and builds the hex of only the chunks it
// reads. A list written as JSON is still read (older bundles; hand-made ones in tests).
import type { ChunkRef } from './bundle.ts';
import { decodeVarints, encodeVarints } from './search/codec.ts';
import { packHashes, packedHashesOf } from './packed-hashes.ts';

const MARKER = 'praxis-chunks/1';

/** A chunk list read: where each chunk's entries start, and a chunk's hash. */
export interface ChunkList {
  /** How many chunks. */
  chunks: number;
  /** How many entries the chunks hold together. */
  entries: number;
  /** The chunk holding entry `position` (the last chunk for a position past the end). */
  chunkAt(position: number): number;
  /** The position of chunk `chunk`'s first entry. */
  startOf(chunk: number): number;
  hashAt(chunk: number): string;
}

/** The chunk list's stored text. */
export function chunkListText(chunks: readonly ChunkRef[]): string {
  return `${MARKER}\n${encodeVarints(chunks.map((chunk) => chunk.count))}\n${packHashes(chunks.map((chunk) => chunk.hash))}`;
}

/** A stored chunk list, as text or as JSON; throws, naming the problem, on anything else. */
export function chunkListOf(text: string): ChunkList {
  if (!text.startsWith(`${MARKER}\n`)) {
    const chunks = chunkRefsOfJson(text);
    return listOf(
      chunks.map((chunk) => chunk.count),
      (chunk) => chunks[chunk]!.hash,
    );
  }
  const [, counts = '', packed] = text.split('\n');
  const hashes = packedHashesOf(packed);
  const sizes = decodeVarints(counts);
  if (hashes === null || hashes.count !== sizes.length)
    throw new Error(
      `damaged chunk list: ${sizes.length} counts and ${hashes === null ? 'no readable' : hashes.count} hashes`,
    );
  return listOf(sizes, hashes.hashAt);
}

/**
 * A stored chunk list's chunks, whichever way it was stored (for the build's and the publisher's
 * reads): a JSON list as it is (a graph records' list is one, its chunks with their first ids).
 */
export function storedChunkRefs<Ref extends ChunkRef = ChunkRef>(text: string): Ref[] {
  if (!text.startsWith(`${MARKER}\n`)) return chunkRefsOfJson(text) as Ref[];
  const list = chunkListOf(text);
  return Array.from({ length: list.chunks }, (_, chunk) => ({
    count: list.startOf(chunk + 1) - list.startOf(chunk),
    hash: list.hashAt(chunk),
  })) as Ref[];
}

/** The chunk hashes of a chunk list stored as text; none for any other text. */
export function packedChunkHashes(text: string): string[] {
  if (!text.startsWith(`${MARKER}\n`)) return [];
  const list = chunkListOf(text);
  return Array.from({ length: list.chunks }, (_, chunk) => list.hashAt(chunk));
}

function chunkRefsOfJson(text: string): ChunkRef[] {
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value)) throw new Error('damaged chunk list: neither text nor a JSON list');
  return value as ChunkRef[];
}

/** The list of chunks of these sizes; `hashAt` is called with a chunk in range only. */
function listOf(sizes: readonly number[], hashAt: (chunk: number) => string): ChunkList {
  const count = sizes.length;
  const starts = new Float64Array(count + 1);
  for (let i = 0; i < count; i++) starts[i + 1] = starts[i]! + sizes[i]!;
  return {
    chunks: count,
    entries: starts[count]!,
    chunkAt(position) {
      let low = 0;
      let high = count - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (starts[middle]! <= position) low = middle;
        else high = middle - 1;
      }
      return low;
    },
    startOf: (chunk) => starts[Math.min(chunk, count)]!,
    hashAt(chunk) {
      if (!(chunk >= 0 && chunk < count)) throw new RangeError(`no chunk ${chunk} of ${count}`);
      return hashAt(chunk);
    },
  };
}
