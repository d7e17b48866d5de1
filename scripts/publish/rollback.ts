// Rollback: point back at a recorded version — after checking every object it needs is still stored,
// so a rollback can never flip to a version gc has already taken apart.
import { BUNDLE_SCHEMA, objectKey, POINTER_KEY, type Manifest, type Pointer, type VersionRecord } from '../../src/content/bundle.ts';
import { isPartsList, joinedText, partsOf } from '../../src/content/object-parts.ts';
import { shardListsOf } from '../../src/content/search/shard-list.ts';
import type { ContentStore } from './store.ts';
import { findVersion, neededObjects, pointerOf, readState, storedObjects } from './versions.ts';

export interface RollbackReport {
  from: Pointer | null;
  to: VersionRecord;
  /** True when the target was already current: nothing was written. */
  unchanged: boolean;
}

/** Rolls back to `id` (full or prefix), or by default to the version published before the current one. */
export async function rollback(store: ContentStore, id?: string): Promise<RollbackReport> {
  const { pointer, versions } = await readState(store);
  const target = id ? findVersion(versions, id) : versionBefore(versions, pointer);
  if (pointer?.manifest === target.manifest) return { from: pointer, to: target, unchanged: true };
  if (target.schema !== BUNDLE_SCHEMA) {
    // The Worker refuses a pointer of another schema (503): never flip to one.
    throw new Error(`cannot roll back to ${target.version}: it was built with bundle schema ${target.schema}, which this Worker does not read (it reads ${BUNDLE_SCHEMA}); republish that commit instead`);
  }
  const [needed, stored] = await Promise.all([neededObjects(store, [target]), storedObjects(store)]);
  const missing = [...needed].filter((hash) => !stored.has(hash));
  if (missing.length) {
    throw new Error(`cannot roll back to ${target.version}: ${missing.length} of its ${needed.size} objects are no longer stored (garbage-collected?); republish that commit instead`);
  }
  await store.putMany([{ key: POINTER_KEY, value: JSON.stringify(await withShardLists(store, pointerOf(target))) }]);
  return { from: pointer, to: target, unchanged: false };
}

/**
 * The pointer with its search shard lists, which version records leave out (every record is kept in
 * the versions index): read back from the version's index heads, so a cold isolate's first search
 * after a rollback reads its shards in the same bulk read as the version's load list.
 */
async function withShardLists(store: ContentStore, pointer: Pointer): Promise<Pointer> {
  const texts = new Map<string, string>();
  const read = async (hashes: string[]) => {
    const values = await store.getMany(hashes.map(objectKey));
    for (const hash of hashes) {
      const value = values.get(objectKey(hash));
      if (value == null) throw new Error(`cannot roll back to ${pointer.version}: object ${hash} is no longer stored; republish that commit instead`);
      texts.set(hash, value);
    }
  };
  await read([pointer.manifest]);
  const manifest = JSON.parse(texts.get(pointer.manifest)!) as Manifest;
  const heads = Object.values(manifest.kinds).filter((section) => section?.count).map((section) => section.index);
  await read(heads);
  const parts = heads.flatMap((head) => (isPartsList(texts.get(head)!) ? partsOf(texts.get(head)!) : []));
  if (parts.length) await read(parts);
  return { ...pointer, shards: shardListsOf(manifest, (hash) => joinedText(texts.get(hash)!, (part) => texts.get(part))) };
}

function versionBefore(versions: VersionRecord[], pointer: Pointer | null): VersionRecord {
  const current = versions.findIndex((record) => record.version === pointer?.version);
  const before = current === -1 ? versions.at(-1) : versions[current - 1];
  if (!before) throw new Error(pointer ? `no version was published before ${pointer.version}; name one with \`praxis rollback VERSION\`` : 'nothing has been published yet');
  return before;
}
