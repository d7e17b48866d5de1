// The stored values of one bulk read, as the pointer lists them: which keys a request's needs read,
// and each value taken out (joined from its parts) once it is parsed.
import type { Pointer } from '../../bundle/bundle.ts';
import { isPartsList, joinedText, partsOf } from '../../bundle/object-parts.ts';
import { indexKindsOf, type BundleNeeds, type SearchAhead } from './bundle-needs.ts';
import { shardListOf } from '../../bundle/search/shard-list.ts';
import { shardsOfQuery } from './search/query-shards.ts';

/** Stored values of one bulk read by object hash. */
export type Stash = Map<string, string>;

/** The objects (and their parts) `needs` reads, as the pointer lists them; without `loadBy`, all of `load`. */
export function keysOf(pointer: Pointer, needs: BundleNeeds): string[] {
  const lists = pointer.loadBy;
  if (!lists) return Array.isArray(pointer.load) ? pointer.load : [];
  return [
    ...(needs.knowledge ? lists.knowledge : []),
    ...needs.names.flatMap((kind) => lists.names[kind] ?? []),
    ...indexKindsOf(needs).flatMap((kind) => lists.index[kind] ?? []),
    ...needs.entries.flatMap((kind) => lists.chunkList?.[kind] ?? []),
    ...(needs.records || needs.recordLookups ? (lists.recordChunkList ?? []) : []),
  ];
}

/**
 * The term shards `searches` will read, named from the pointer's packed shard lists (none for a
 * kind the pointer has no list for). Shards are content-addressed, so a list that does not match
 * the index head costs wasted reads, never a wrong answer: the searcher asks for shards by the
 * head's hashes.
 */
export function shardsAhead(pointer: Pointer, searches: readonly SearchAhead[]): string[] {
  const hashes = new Set<string>();
  for (const { kind, terms } of searches) {
    const shards = shardListOf(pointer.shards?.[kind]);
    if (shards)
      for (const shard of shardsOfQuery(terms, shards.count)) hashes.add(shards.hashAt(shard));
  }
  return [...hashes];
}

/** The object's text out of the stash, or undefined when the read did not bring all of it. */
export function takeFrom(stash: Stash, hash: string): string | undefined {
  const stored = stash.get(hash);
  if (stored === undefined) return undefined;
  // Parts the read did not include (a hand-made pointer) leave the object to an ordinary read.
  if (isPartsList(stored) && !partsOf(stored).every((part) => stash.has(part))) return undefined;
  const text = joinedText(stored, (part) => stash.get(part));
  stash.delete(hash);
  return text;
}
