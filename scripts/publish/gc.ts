// Garbage collection: delete objects no kept version needs from KV. Kept = the current version plus
// the last N published. Dropped versions stay in the R2 archive (\`praxis rollback\` restores them),
// so gc refuses to drop one the archive's history does not list. The index is rewritten and dropped
// records deleted BEFORE objects go, so an interrupted gc never leaves a listed version whose objects
// are gone.
import { VERSION_KEY_PREFIX, versionKey, type VersionRecord } from '../../src/bundle/bundle.ts';
import { readHistory } from './archive.ts';
import type { ContentStore } from './store.ts';
import { OBJECT_PREFIX, indexEntry, neededObjects, readState, storedObjects } from './versions.ts';

export interface GcReport {
  kept: VersionRecord[];
  dropped: VersionRecord[];
  /** Objects deleted (or that would be, with dryRun). */
  deleted: number;
  retained: number;
}

export async function collectGarbage(
  store: ContentStore,
  options: { keep: number; dryRun?: boolean },
): Promise<GcReport> {
  const { pointer, versions } = await readState(store);
  if (!pointer) throw new Error('nothing has been published yet: there is nothing to collect');
  const current = versions.find((record) => record.manifest === pointer.manifest);
  if (!current) {
    throw new Error(
      `the current version ${pointer.version} has no version record (it was not written by praxis publish), so gc cannot tell which objects it uses; publish or roll back first`,
    );
  }
  const recent = new Set(versions.slice(Math.max(0, versions.length - options.keep)));
  const kept = versions.filter((record) => record === current || recent.has(record));
  const dropped = versions.filter((record) => !kept.includes(record));
  if (dropped.length) {
    const archived = new Set((await readHistory(store.archive)).map((record) => record.version));
    const unarchived = dropped.filter((record) => !archived.has(record.version));
    if (unarchived.length) {
      throw new Error(
        `${unarchived.length} version(s) gc would prune are not archived in ${store.archive.description} (${unarchived.map((record) => record.version).join(', ')}): they were published before versions were archived, and pruning them would lose them for good; keep them with a larger --keep, or republish their commits first. Nothing was deleted`,
      );
    }
  }
  // Reading every kept manifest first: if one is missing, this throws before anything is deleted.
  const [needed, stored, records] = await Promise.all([
    neededObjects(store, kept),
    storedObjects(store),
    store.list(VERSION_KEY_PREFIX),
  ]);
  const garbage = [...stored].filter((hash) => !needed.has(hash));
  // Records no longer indexed include those an interrupted gc dropped from the index but did not delete.
  const keptRecords = new Set(kept.map((record) => versionKey(record.version)));
  const staleRecords = records.filter((key) => !keptRecords.has(key));
  const report = { kept, dropped, deleted: garbage.length, retained: stored.size - garbage.length };
  if (options.dryRun) return report;

  if (dropped.length) await store.putMany([indexEntry(kept)]);
  if (staleRecords.length) await store.deleteMany(staleRecords);
  if (garbage.length) await store.deleteMany(garbage.map((hash) => `${OBJECT_PREFIX}${hash}`));
  return report;
}
