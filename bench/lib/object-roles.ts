// What each object of a bundle is, for printing a chain of reads: "manifest, 2 names objects, 5 shards"
// reads better than "bulk ×8". Walks the manifest, the index heads and the chunks.
import type { DocumentEntry, Manifest } from '../../src/bundle/bundle.ts';
import { chunkRefsOf } from '../../src/bundle/document-chunks.ts';
import { isPartsList, joinedText, partsOf } from '../../src/bundle/object-parts.ts';
import type { ShardedIndex } from '../../src/bundle/search/index.ts';
import type { RecordEntry } from '../../src/bundle/sections.ts';

export type ObjectRole =
  | 'manifest'
  | 'names'
  | 'index head'
  | 'shard'
  | 'chunk list'
  | 'chunk'
  | 'record chunk'
  | 'body'
  | 'knowledge'
  | 'part';

/** Roles by object hash; `stored` gives a hash's stored value (a text or a parts list). */
export function objectRoles(
  manifestHash: string,
  stored: (hash: string) => string | null | undefined,
): Map<string, ObjectRole> {
  const roles = new Map<string, ObjectRole>();
  const text = (hash: string): string | undefined => {
    const value = stored(hash);
    if (value == null) return undefined;
    if (isPartsList(value)) for (const part of partsOf(value)) roles.set(part, 'part');
    return joinedText(value, stored);
  };
  const manifest = JSON.parse(text(manifestHash)!) as Manifest;
  roles.set(manifestHash, 'manifest');
  if (manifest.knowledge) {
    text(manifest.knowledge);
    roles.set(manifest.knowledge, 'knowledge');
  }
  if (manifest.records) roles.set(manifest.records.chunkList, 'chunk list');
  for (const chunk of manifest.records ? chunkRefsOf(manifest.records, text) : []) {
    roles.set(chunk.hash, 'record chunk');
    for (const entry of JSON.parse(text(chunk.hash)!) as RecordEntry[])
      roles.set(entry.body, 'body');
  }
  for (const section of Object.values(manifest.kinds)) {
    if (!section.count) continue;
    text(section.names);
    roles.set(section.names, 'names');
    roles.set(section.index, 'index head');
    const head = JSON.parse(text(section.index)!) as ShardedIndex;
    for (const shard of [
      ...head.shards,
      ...(head.variants ?? []).flatMap((variant) => variant.shards),
    ])
      roles.set(shard, 'shard');
    roles.set(section.chunkList, 'chunk list');
    for (const chunk of chunkRefsOf(section, text)) {
      roles.set(chunk.hash, 'chunk');
      for (const entry of JSON.parse(text(chunk.hash)!) as DocumentEntry[])
        roles.set(entry.body, 'body');
    }
  }
  return roles;
}

const PLURALS: Record<string, string> = {
  body: 'bodies',
  names: 'names objects',
  'index head': 'index heads',
  knowledge: 'knowledge objects',
  'chunk list': 'chunk lists',
};

/** "manifest, 2 names objects, 2 index heads, 5 shards" for the keys of one step (object keys by hash). */
export function describeKeys(
  keys: readonly string[],
  roles: ReadonlyMap<string, ObjectRole>,
): string {
  const counts = new Map<string, number>();
  for (const key of keys) {
    const role =
      key === 'praxis:pointer'
        ? 'pointer'
        : (roles.get(key.replace(/^praxis:obj:/, '')) ?? 'other');
    counts.set(role, (counts.get(role) ?? 0) + 1);
  }
  return [...counts]
    .map(([role, count]) => (count === 1 ? role : `${count} ${PLURALS[role] ?? `${role}s`}`))
    .join(', ');
}
