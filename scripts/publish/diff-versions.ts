// `praxis diff A [B]`: which documents differ between two archived versions (B defaults to the one
// served), read from their archives in R2 — KV may no longer hold either.
import type { VersionRecord } from '../../src/bundle/bundle.ts';
import { joinedText } from '../../src/bundle/object-parts.ts';
import { readArchive, readHistory } from './archive.ts';
import { diffManifests, type DocumentDiff } from './diff.ts';
import type { ContentStore } from './store.ts';
import { findVersion, readState } from './versions.ts';

export interface VersionsDiff {
  from: VersionRecord;
  to: VersionRecord;
  diff: DocumentDiff;
}

export async function diffVersions(
  store: ContentStore,
  fromId: string,
  toId?: string,
): Promise<VersionsDiff> {
  const [{ pointer }, history] = await Promise.all([readState(store), readHistory(store.archive)]);
  if (!history.length)
    throw new Error(
      `${store.archive.description} holds no version history yet: publish once to start it`,
    );
  const from = findVersion(history, fromId);
  const to = toId
    ? findVersion(history, toId)
    : history.find((record) => record.manifest === pointer?.manifest);
  if (!to)
    throw new Error(
      pointer
        ? `the version served, ${pointer.version}, is not in the history: name both versions`
        : 'nothing is served: name both versions',
    );
  const [before, after] = await Promise.all([
    readArchive(store.archive, from),
    readArchive(store.archive, to),
  ]);
  const stored = (hash: string) => before.get(hash) ?? after.get(hash);
  const text = (hash: string) => {
    const value = stored(hash);
    return value == null ? value : joinedText(value, stored);
  };
  return { from, to, diff: diffManifests(text(from.manifest)!, text(to.manifest)!, text) };
}
