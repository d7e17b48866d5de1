// A kind's term-shard hashes packed for the pointer: the raw 32 bytes of each SHA-256, in shard
// order, as one base64 string (43 characters a shard instead of 67 as a JSON array of hex). With it
// a cold isolate names the shards a query needs before it has read the index head, so they come in
// the same bulk read as the head itself.

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

/** The hashes a packed list holds, or null when it is not one (a hand-made or damaged pointer: the head is read instead). */
export function unpackShardHashes(packed: unknown): string[] | null {
  if (typeof packed !== 'string' || packed === '') return null;
  let binary: string;
  try {
    binary = atob(packed);
  } catch {
    return null;
  }
  if (binary.length % HASH_BYTES !== 0) return null;
  const hashes: string[] = [];
  for (let start = 0; start < binary.length; start += HASH_BYTES) {
    let hex = '';
    for (let i = start; i < start + HASH_BYTES; i++)
      hex += binary.charCodeAt(i).toString(16).padStart(2, '0');
    hashes.push(hex);
  }
  // A shard count is a power of two (shardOf masks with it).
  return (hashes.length & (hashes.length - 1)) === 0 ? hashes : null;
}
