// Rollback: serve a version from the R2 history again. Its archive is read and checked whole first
// (every part against its head, every object against its hash, nothing the version needs absent);
// only then are the objects KV no longer holds (pruned by gc) put back, the version recorded in KV if
// gc dropped its record, and the pointer flipped, last. A missing or damaged archive changes nothing.
import {
  BUNDLE_SCHEMA,
  POINTER_KEY,
  objectKey,
  type Manifest,
  type Pointer,
  type VersionRecord,
} from '../../src/bundle/bundle.ts';
import { joinedText } from '../../src/bundle/object-parts.ts';
import { shardListsOf } from '../../src/bundle/search/shard-list.ts';
import { readArchive, readHistory } from './archive.ts';
import type { ContentStore } from './store.ts';
import { findVersion, pointerOf, readState, storedObjects, versionEntries } from './versions.ts';

export interface RollbackReport {
  from: Pointer | null;
  to: VersionRecord;
  /** True when the target was already current: nothing was written. */
  unchanged: boolean;
  /** Objects put back into KV from the archive (those gc had pruned). */
  restored: number;
}

/** Rolls back to `id` (full or prefix), or by default to the version published before the current one. */
export async function rollback(store: ContentStore, id?: string): Promise<RollbackReport> {
  const [{ pointer, versions: recorded }, history] = await Promise.all([
    readState(store),
    readHistory(store.archive),
  ]);
  if (!history.length && recorded.length) {
    throw new Error(
      `${store.archive.description} holds no version history yet (the versions in KV were published before versions were archived): publish once to start it, or republish the commit to go back to`,
    );
  }
  const target = id ? findVersion(history, id) : versionBefore(history, pointer);
  if (pointer?.manifest === target.manifest)
    return { from: pointer, to: target, unchanged: true, restored: 0 };
  if (target.schema !== BUNDLE_SCHEMA) {
    // The Worker refuses a pointer of another schema (503): never flip to one.
    throw new Error(
      `cannot roll back to ${target.version}: it was built with bundle schema ${target.schema}, which this Worker does not read (it reads ${BUNDLE_SCHEMA}); republish that commit instead`,
    );
  }
  const [objects, stored] = await Promise.all([
    readArchive(store.archive, target),
    storedObjects(store),
  ]);
  const missing = [...objects]
    .filter(([hash]) => !stored.has(hash))
    .map(([hash, value]) => ({ key: objectKey(hash), value }));
  if (missing.length) await store.putMany(missing);
  // gc keeps the current version's objects only if KV records it: record it again when gc dropped it.
  if (!recorded.some((record) => record.version === target.version))
    await store.putMany(versionEntries(target, recorded).entries);
  await store.putMany([
    { key: POINTER_KEY, value: JSON.stringify(withShardLists(objects, pointerOf(target))) },
  ]);
  return { from: pointer, to: target, unchanged: false, restored: missing.length };
}

/**
 * The pointer with its search shard lists, which version records leave out (every record is kept in
 * the versions index): computed from the version's index heads in its checked archive, so a cold
 * isolate's first search after a rollback reads its shards beside the first bulk read of the load list.
 */
function withShardLists(objects: Map<string, string>, pointer: Pointer): Pointer {
  const text = (hash: string): string => {
    const value = objects.get(hash);
    if (value == null)
      throw new Error(
        `cannot roll back to ${pointer.version}: its archive lacks object ${hash}; republish that commit instead`,
      );
    return value;
  };
  const manifest = JSON.parse(text(pointer.manifest)) as Manifest;
  return { ...pointer, shards: shardListsOf(manifest, (hash) => joinedText(text(hash), text)) };
}

function versionBefore(versions: VersionRecord[], pointer: Pointer | null): VersionRecord {
  const current = versions.findIndex((record) => record.version === pointer?.version);
  const before = current === -1 ? versions.at(-1) : versions[current - 1];
  if (!before)
    throw new Error(
      pointer
        ? `no version was published before ${pointer.version}; name one with \`praxis rollback VERSION\``
        : 'nothing has been published yet',
    );
  return before;
}
