// A kind's term-shard hashes packed for the pointer: the raw 32 bytes of each SHA-256, in shard
// order, as one base64 string (43 characters a shard instead of 67 as a JSON array of hex). With it
// a cold isolate names the shards a query needs before it has read the index head, so their reads
// start with the bulk read of the head itself.

import type { Manifest } from '../bundle.ts';
import type { DocumentKind } from '../kinds.ts';
import type { ShardedIndex } from './shards.ts';

const HASH_BYTES = 32;

/**
 * What a pointer to `manifest` carries as `shards`: each kind's shard hashes, from its index head
 * (`headText` gives a head's whole text). Build and rollback both write pointers with them.
 */
export function shardListsOf(
  manifest: Manifest,
  headText: (hash: string) => string,
): Partial<Record<DocumentKind, string>> {
  const lists: Partial<Record<DocumentKind, string>> = {};
  for (const [kind, section] of Object.entries(manifest.kinds) as Array<
    [DocumentKind, Manifest['kinds'][DocumentKind]]
  >) {
    if (!section?.count) continue;
    lists[kind] = packShardHashes((JSON.parse(headText(section.index)) as ShardedIndex).shards);
  }
  return lists;
}

export function packShardHashes(hashes: readonly string[]): string {
  let binary = '';
  for (const hash of hashes) {
    if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`not an object hash: ${hash}`);
    for (let i = 0; i < 64; i += 2)
      binary += String.fromCharCode(parseInt(hash.slice(i, i + 2), 16));
  }
  return btoa(binary);
}

/** Two hex digits of each byte value. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** A packed list read lazily: its shard count, and a shard's hash built only when asked for. */
export interface ShardList {
  count: number;
  hashAt(shard: number): string;
}

/**
 * A packed list, or null when it is not one (a hand-made or damaged pointer: the head is read
 * instead). Only the shards a query names are turned back into hex: a cold search at 1 024 shards
 * a kind builds a handful of hashes, not all of them.
 */
export function shardListOf(packed: unknown): ShardList | null {
  if (typeof packed !== 'string' || packed === '') return null;
  let binary: string;
  try {
    binary = atob(packed);
  } catch {
    return null;
  }
  const count = binary.length / HASH_BYTES;
  // A shard count is a power of two (shardOf masks with it).
  if (!Number.isInteger(count) || (count & (count - 1)) !== 0) return null;
  return {
    count,
    hashAt(shard) {
      let hex = '';
      for (let i = shard * HASH_BYTES; i < (shard + 1) * HASH_BYTES; i++)
        hex += HEX[binary.charCodeAt(i)];
      return hex;
    },
  };
}

/** Every hash a packed list holds, or null when it is not one. */
export function unpackShardHashes(packed: unknown): string[] | null {
  const list = shardListOf(packed);
  return list && Array.from({ length: list.count }, (_, shard) => list.hashAt(shard));
}
