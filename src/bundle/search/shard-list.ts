// A kind's term-shard hashes packed for the pointer (packed-hashes.ts), in shard order. With it
// a cold isolate names the shards a query needs before it has read the index head, so their reads
// start with the bulk read of the head itself.

import type { Manifest } from '../bundle.ts';
import type { DocumentKind } from '../kinds.ts';
import { packHashes, packedHashesOf, type PackedHashes } from '../packed-hashes.ts';
import type { ShardedIndex } from './shards.ts';

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
    lists[kind] = packHashes((JSON.parse(headText(section.index)) as ShardedIndex).shards);
  }
  return lists;
}

/**
 * A kind's packed shard list, its count a power of two, or null when it is not one (a hand-made or
 * damaged pointer: the head is read instead). Only the shards a query names are turned back into hex: a cold search at 1 024 shards
 * a kind builds a handful of hashes, not all of them.
 */
export function shardListOf(packed: unknown): PackedHashes | null {
  if (typeof packed !== 'string' || packed === '') return null;
  const list = packedHashesOf(packed);
  // A shard count is a power of two (shardOf masks with it).
  if (list === null || (list.count & (list.count - 1)) !== 0) return null;
  return decodesWhole(packed, list.count) ? list : null;
}

/**
 * Whether a pointer's list is base64 of `count` hashes throughout, checked whole (43 characters a
 * shard) so that a damaged one is ignored, not thrown — by the platform's decoder, native: a
 * pattern over the 44 KiB list of 1 024 shards ran in V8's regexp interpreter on a new isolate's
 * first search (0.3 ms). `atob` skips white space, so a list holding some decodes short.
 */
function decodesWhole(packed: string, count: number): boolean {
  try {
    return atob(packed).length === count * 32;
  } catch {
    return false;
  }
}

/** Every hash a packed list holds, or null when it is not one. */
export function unpackShardHashes(packed: unknown): string[] | null {
  const list = shardListOf(packed);
  return list && Array.from({ length: list.count }, (_, shard) => list.hashAt(shard));
}
